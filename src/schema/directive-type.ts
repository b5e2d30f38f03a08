// Directive definitions: `directive @upper(arg: Int = 1) repeatable on FIELD | FRAGMENT_SPREAD`.
import { DirectiveLocation, isDirectiveLocation } from './directive-location.js';
import { SchemaError } from './errors.js';
import { assertArgument, type Argument } from './field.js';
import { kindGuards, kindKey, type Branded } from './kinds.js';
import { assertDescription, assertName } from './names.js';

export class DirectiveType implements Branded {
  readonly [kindKey] = 'DirectiveType' as const;
  readonly name: string;
  readonly description: string | null;
  readonly #locations: DirectiveLocation[] = [];
  readonly #arguments: Argument[] = [];
  #repeatable = false;

  constructor(name: string, description: string | null = null) {
    this.name = assertName(name, 'directive');
    this.description = assertDescription(description, `directive @${name}`);
  }

  addLocation(location: DirectiveLocation): this {
    if (!isDirectiveLocation(location)) {
      throw new SchemaError(
        `directive @${this.name} location ${JSON.stringify(location)} is not a GraphQL location: use a DirectiveLocation such as DirectiveLocation.FIELD`,
      );
    }
    if (this.#locations.includes(location)) {
      throw new SchemaError(
        `directive @${this.name} already has the location ${location}: add it once`,
      );
    }
    this.#locations.push(location);
    return this;
  }

  addArgument(argument: Argument): this {
    assertArgument(argument, `directive @${this.name} argument`);
    if (this.#arguments.some((known) => known.name === argument.name)) {
      throw new SchemaError(
        `directive @${this.name} already has an argument ${argument.name}: rename or drop one of them`,
      );
    }
    this.#arguments.push(argument);
    return this;
  }

  setRepeatable(repeatable: boolean): this {
    if (typeof repeatable !== 'boolean') {
      throw new SchemaError(
        `directive @${this.name} setRepeatable needs true or false, got ${String(repeatable)}`,
      );
    }
    this.#repeatable = repeatable;
    return this;
  }

  getLocations(): readonly DirectiveLocation[] {
    return this.#locations;
  }
  getArguments(): readonly Argument[] {
    return this.#arguments;
  }
  isRepeatable(): boolean {
    return this.#repeatable;
  }
}

const guards = kindGuards<DirectiveType>('DirectiveType');
export const isDirectiveType = guards.is;
export const assertDirectiveType = guards.assert;
