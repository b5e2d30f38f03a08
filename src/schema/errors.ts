// The error thrown for every misuse of restsmith/schema, and the problems validate() reports.

/** Thrown when a definition is refused: the message names the thing and the fix. */
export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** One thing wrong with a schema, found by `validate()`; `coordinate` names where (`User.friends(limit:)`). */
export interface SchemaProblem {
  readonly coordinate: string;
  readonly message: string;
}

export function problem(coordinate: string, message: string): SchemaProblem {
  return { coordinate, message: `${coordinate}: ${message}` };
}
