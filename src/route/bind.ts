// Binds path bits and keywords to a handler's parameters by position and by name, converting to declared types.
import type { Keywords } from './controller.js';
import { HttpError } from './http-error.js';
import { noKeywords, repeatedKeys } from './path.js';
import type { HandlerEntry } from './route-table.js';
import type { ParameterInfo, ValueType } from './signature.js';

/** The argument list for the handler (the caller has checked the number of path bits); throws HttpError 400. */
export function bindArguments(
  handler: HandlerEntry,
  pathArgs: string[],
  keywords: Keywords,
): unknown[] {
  if (keywords === noKeywords) return bindPath(handler, pathArgs);
  const { positional, rest, keywords: collector } = handler;
  const args: unknown[] = new Array(positional.length);
  const bound = new Array<boolean>(positional.length).fill(false);
  for (let index = 0; index < Math.min(pathArgs.length, positional.length); index++) {
    args[index] = convert(positional[index], pathArgs[index]);
    bound[index] = true;
  }
  const extra: Keywords | undefined = collector ? (Object.create(null) as Keywords) : undefined;
  for (const name in keywords) {
    const index = positional.findIndex((parameter) => parameter.name === name);
    if (index !== -1) {
      if (bound[index])
        throw new HttpError(400, `parameter ${name} was given twice (in the path and by name)`);
      args[index] = convert(positional[index], keywords[name]);
      bound[index] = true;
    } else if (extra) extra[name] = keywords[name];
    else throw new HttpError(400, `${handler.method} does not accept the parameter ${name}`);
  }
  checkRequired(positional, bound);
  if (rest) args.push(...pathArgs.slice(positional.length).map((bit) => convert(rest, bit)));
  if (collector && extra) args.push(convertProperties(collector, extra));
  return args;
}

/** Handlers are called with `apply`, which only reads the list: one empty list serves them all. */
const noArguments = Object.freeze([]) as unknown as unknown[];

/** Path bits only (no query, no body): most requests, so no bookkeeping of what was bound by name. */
function bindPath(handler: HandlerEntry, pathArgs: string[]): unknown[] {
  const { positional, rest, keywords: collector } = handler;
  if (positional.length === 0 && !rest && !collector) return noArguments;
  if (pathArgs.length < handler.requiredCount) {
    checkRequired(
      positional,
      positional.map((_parameter, index) => index < pathArgs.length),
    );
  }
  // Unfilled places stay holes, so the handler's own default values apply.
  const args: unknown[] = new Array(positional.length);
  const filled = Math.min(pathArgs.length, positional.length);
  for (let index = 0; index < filled; index++)
    args[index] = convert(positional[index], pathArgs[index]);
  if (rest) {
    for (let index = filled; index < pathArgs.length; index++)
      args.push(convert(rest, pathArgs[index]));
  }
  if (collector) args.push(convertProperties(collector, Object.create(null) as Keywords));
  return args;
}

function checkRequired(positional: ParameterInfo[], bound: boolean[]): void {
  const missing = positional.filter((parameter, index) => parameter.required && !bound[index]);
  if (missing.length > 0) {
    throw new HttpError(
      400,
      `missing required parameter ${missing.map((parameter) => parameter.name).join(', ')}`,
    );
  }
}

function convertProperties(collector: ParameterInfo, extra: Keywords): Keywords {
  for (const property of collector.properties ?? []) {
    if (property.name in extra) {
      extra[property.name] = convertValue(property.name, property.type, extra[property.name]);
    } else if (property.required) {
      throw new HttpError(400, `missing required parameter ${property.name}`);
    }
  }
  return extra;
}

function convert(parameter: ParameterInfo, value: unknown): unknown {
  return convertValue(parameter.name, parameter.type, value);
}

/** Text (and JSON values) to the declared type; a value that does not convert is a 400 naming the parameter. */
export function convertValue(name: string, type: ValueType, value: unknown): unknown {
  if (type.kind === 'any') return value;
  if (type.kind === 'array') {
    // Text is a comma list, also in each repeated key; a JSON list is taken as it is.
    const items = Array.isArray(value)
      ? repeatedKeys.has(value)
        ? value.flatMap(commaList)
        : value
      : commaList(value);
    return items.map((item) => convertValue(name, type.of, item));
  }
  if (Array.isArray(value)) throw new HttpError(400, `parameter ${name} was given more than once`);
  const converted = convertScalar(type, value);
  if (converted === invalid)
    throw new HttpError(400, `parameter ${name} must be ${describeType(type)}`);
  return converted;
}

const commaList = (value: unknown): unknown[] =>
  typeof value === 'string' ? value.split(',') : [value];

const invalid = Symbol('invalid');

function convertScalar(type: ValueType, value: unknown): unknown {
  switch (type.kind) {
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return typeof value === 'string' ? value : invalid;
    case 'number':
      return toNumber(value);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      return toDate(value);
    case 'file':
      return value instanceof Blob ? value : invalid;
    case 'literal':
      return type.values.find((literal) => String(literal) === String(value)) ?? invalid;
    default:
      return value;
  }
}

/** Decimal text only: Number() would also take `0x10`, `0b101`, ` 5 ` and `Infinity`. */
const decimal = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function toNumber(value: unknown): number | typeof invalid {
  if (typeof value === 'number') return Number.isFinite(value) ? value : invalid;
  if (typeof value !== 'string' || !decimal.test(value)) return invalid;
  const number = Number(value);
  return Number.isFinite(number) ? number : invalid;
}

const truthy = new Set(['true', '1', 'yes', 'on']);
const falsy = new Set(['false', '0', 'no', 'off']);

function toBoolean(value: unknown): boolean | typeof invalid {
  if (typeof value === 'boolean') return value;
  const text = String(value).toLowerCase();
  return truthy.has(text) ? true : falsy.has(text) ? false : invalid;
}

/** ISO 8601 only: `2024-01-02`, `2024-01-02T03:04`, `...:05.678`, with `Z` or `+01:00`; Date() takes `"0"` too. */
const isoDate =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function toDate(value: unknown): Date | typeof invalid {
  const match = typeof value === 'string' ? isoDate.exec(value) : null;
  if (!match || !existingTime(match)) return invalid;
  // A time without an offset is UTC, never the server's local time (Date() would read it as local).
  const hasTime = match[4] !== undefined;
  const date = new Date(hasTime && match[7] === undefined ? `${match[0]}Z` : match[0]);
  return Number.isNaN(date.getTime()) ? invalid : date;
}

/** Date() rolls 2024-02-30 over to March 1: check each part is in range first. */
function existingTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

export function describeType(type: ValueType): string {
  switch (type.kind) {
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date';
    case 'file':
      return 'a file (multipart/form-data)';
    case 'literal':
      return `one of ${type.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'array':
      return `a list of ${describeType(type.of)}`;
    default:
      return 'a string';
  }
}
