// The shape of a shared case and the helpers that write expected answers; every case file imports these.

/** A request in gateway-neutral form: the body is bytes plus a content type, so every gateway sends the same. */
export interface Case {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  /**
   * Disconnect after the first chunk of the answer, then GET `then` and expect its answer. `{id}` in both
   * paths becomes a fresh id for each gateway, which share the fixture's state in one process.
   */
  abort?: { then: string };
  /** Send the first half of the body (with the whole length announced), then nothing more. */
  stall?: boolean;
  expect: Expected;
}

export interface Expected {
  status: number;
  /** The body as text; JSON bodies are written out as JSON. */
  body: string;
  headers?: Record<string, string>;
}

export const json = 'application/json; charset=utf-8';
export const form = { 'content-type': 'application/x-www-form-urlencoded' };
export const jsonBody = { 'content-type': 'application/json' };

export const ok = (value: unknown): Expected => ({
  status: 200,
  body: JSON.stringify(value),
  headers: { 'content-type': json },
});
export const error = (
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Expected => {
  const text = {
    400: 'Bad Request',
    404: 'Not Found',
    405: 'Method Not Allowed',
    408: 'Request Timeout',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    418: "I'm a Teapot",
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  }[status];
  return {
    status,
    body: JSON.stringify({ statusCode: status, error: text, message }),
    headers: { 'content-type': json, ...headers },
  };
};
