// HttpError, the error a handler throws to answer with a status, and the JSON error body both gateways send.
import { STATUS_CODES } from 'node:http';

const httpErrorBrand = Symbol.for('restsmith.route.HttpError');

/**
 * Thrown by a handler (or the framework) to answer with `status` and `message`.
 *
 * @example
 * throw new HttpError(404, 'no user 42');
 */
export class HttpError extends Error {
  readonly [httpErrorBrand] = true;
  readonly status: number;
  /** Extra response headers, such as `Allow` on a 405. */
  readonly headers: Record<string, string>;

  constructor(status: number, message?: string, headers: Record<string, string> = {}) {
    if (!isErrorStatus(status)) {
      throw new TypeError(`HttpError status must be an integer from 400 to 599, got ${status}`);
    }
    super(message ?? statusText(status));
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

/**
 * True for HttpErrors from any copy of this module. The brand alone is not trusted: anything can carry it, so
 * an error status and a headers object are checked too (a branded object with status 999 is a plain 500).
 */
export function isHttpError(error: unknown): error is HttpError {
  if (typeof error !== 'object' || error === null || !(httpErrorBrand in error)) return false;
  const { status, headers } = error as Partial<HttpError>;
  return isErrorStatus(status) && typeof headers === 'object' && headers !== null;
}

function isErrorStatus(status: unknown): status is number {
  return Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599;
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** `{ statusCode, error, message }`, the shape the NestJS projects of `rest new` answer with. */
export function errorBody(status: number, message: string): string {
  return JSON.stringify({ statusCode: status, error: statusText(status), message });
}
