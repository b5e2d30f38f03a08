// The one error type for a user's mistake: a one-line message, a hint naming the fix, an exit code.
export interface UserErrorOptions {
  hint?: string;
  exitCode?: number;
  cause?: unknown;
}

export class UserError extends Error {
  readonly hint?: string;
  readonly exitCode: number;

  constructor(message: string, options: UserErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'UserError';
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 1;
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}
