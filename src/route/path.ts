// Turns a raw path and query string into decoded path bits and keywords, the same way for both gateways.
import type { Keywords } from './controller.js';
import { HttpError } from './http-error.js';

const dotSegment = /^(?:\.|%2e)$/i;
const doubleDotSegment = /^(?:\.|%2e){2}$/i;

/**
 * Splits first, then decodes each bit, so an encoded slash stays inside its bit. Dot segments are
 * removed as the WHATWG URL parser does (a fetch server hands us that form), never above the root.
 * A hand-written scan: this runs on every request, and a regex split costs more than routing.
 */
export function pathBits(rawPath: string): string[] {
  const bits: string[] = [];
  let start = 0;
  for (let index = 0; index <= rawPath.length; index++) {
    const code = index < rawPath.length ? rawPath.charCodeAt(index) : slash;
    if (code !== slash && code !== backslash) continue;
    if (index > start) addSegment(bits, rawPath.slice(start, index));
    start = index + 1;
  }
  return bits;
}

const slash = 0x2f;
const backslash = 0x5c;

function addSegment(bits: string[], segment: string): void {
  // Only a segment starting with a dot or holding an escape can be a dot segment or need decoding.
  if (segment.charCodeAt(0) !== 0x2e && !segment.includes('%')) bits.push(segment);
  else if (doubleDotSegment.test(segment)) bits.pop();
  else if (!dotSegment.test(segment)) bits.push(decodeBit(segment, 'path'));
}

function decodeBit(text: string, where: 'path' | 'query' | 'form'): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, `bad percent-escape in the ${where}: ${JSON.stringify(text)}`);
  }
}

/** No keywords at all, shared (and frozen) so that a request without a query allocates nothing for it. */
export const noKeywords: Keywords = Object.freeze(Object.create(null) as Keywords);

/** Parses `a=1&b=2&a=3` into a null-prototype object; a repeated name gives an array. */
export function parseQuery(search: string, where: 'query' | 'form' = 'query'): Keywords {
  if (search === '') return noKeywords;
  const keywords: Keywords = Object.create(null) as Keywords;
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decodeBit(rawName.replaceAll('+', ' '), where);
    addKeyword(keywords, name, decodeBit(rawValue.replaceAll('+', ' '), where), where);
  }
  return keywords;
}

/**
 * Names that are Object.prototype's machinery. The keywords object has no prototype, but a handler that
 * spreads or merges kwargs into an ordinary object would pass them on; JSON bodies refuse them the same way.
 */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Lists made by repeating a key in text: each of their items is a comma list, like a single value. */
export const repeatedKeys = new WeakSet<unknown[]>();

/** 400 for a key that is Object.prototype's machinery. */
export function checkKey(name: string, where: 'query' | 'form' | 'multipart body'): void {
  if (forbiddenKeys.has(name))
    throw new HttpError(400, `the ${where} may not use the key ${JSON.stringify(name)}`);
}

/** Adds a value under `name`, turning a repeated name into an array of its values; 400 for forbidden names. */
export function addKeyword(
  keywords: Keywords,
  name: string,
  value: unknown,
  where: 'query' | 'form' | 'multipart body',
): void {
  checkKey(name, where);
  const existing = keywords[name];
  if (existing === undefined && !(name in keywords)) keywords[name] = value;
  else if (Array.isArray(existing) && repeatedKeys.has(existing)) existing.push(value);
  else {
    const list = [existing, value];
    repeatedKeys.add(list);
    keywords[name] = list;
  }
}

const classNames = new Map<string, string | undefined>();

/** `bar` -> `Bar`, `foo-bar`/`foo_bar` -> `FooBar`; undefined for bits that cannot name a class (`__proto__`). */
export function className(bit: string): string | undefined {
  const known = classNames.get(bit);
  if (known !== undefined || classNames.has(bit)) return known;
  // Path bits are the client's choice: keep the cache bounded.
  if (classNames.size >= 1024) classNames.clear();
  const name = toClassName(bit);
  classNames.set(bit, name);
  return name;
}

function toClassName(bit: string): string | undefined {
  if (!/^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/.test(bit)) return undefined;
  let name = '';
  for (const part of bit.split(/[-_]/)) name += part[0].toUpperCase() + part.slice(1);
  return name;
}

/** The path bit that routes to a class: `FooBar` -> `foo-bar`, or the name itself when that would not round-trip. */
export function classBit(name: string): string {
  const kebab = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  return className(kebab) === name ? kebab : name;
}
