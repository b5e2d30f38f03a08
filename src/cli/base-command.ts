// Base of every `rest` command: the one place that turns errors into exit codes and one-line messages.
import { Command, Errors } from '@oclif/core';
import { isUserError } from '../model/user-error.js';

/** Errors that carry their own meaning to the user (library errors such as SchemaError) register here. */
const userFacingErrors: Array<new (...args: never[]) => Error> = [];

export function registerUserFacingError(type: new (...args: never[]) => Error): void {
  userFacingErrors.push(type);
}

export abstract class BaseCommand extends Command {
  protected override async catch(error: Error & { exitCode?: number }): Promise<unknown> {
    if (error instanceof Errors.CLIError || 'oclif' in error) throw error;
    if (isUserError(error)) {
      this.error(error.message, {
        exit: error.exitCode,
        suggestions: error.hint ? [error.hint] : undefined,
      });
    }
    if (userFacingErrors.some((type) => error instanceof type)) {
      this.error(error.message, { exit: 1 });
    }
    // An error we did not expect: one line for the user, the stack only when debugging.
    if (process.env.DEBUG) this.logToStderr(error.stack ?? String(error));
    this.error(`unexpected error: ${error.message}`, {
      exit: 1,
      suggestions: ['Run again with DEBUG=1 for details, and report it if it persists.'],
    });
  }
}
