// Turns a raw path and query string into decoded path bits and keywords, the same way for both gateways.
import type { Keywords } from './controller.js';
import { HttpError } from './http-error.js';

const dotSegment = /^(?:\.|%2e)$/i;
const doubleDotSegment = /^(?:\.|%2e){2}$/i;

/**
 * Splits first, then decodes each bit, so an encoded slash stays inside its bit. Dot segments are
 * removed as the WHATWG URL parser does (a fetch server hands us that form), never above the root.
 */
export function pathBits(rawPath: string): string[] {
  const bits: string[] = [];
  if (rawPath === '/') return bits;
  for (const segment of rawPath.split(/[/\\]/)) {
    if (segment === '' || dotSegment.test(segment)) continue;
    if (doubleDotSegment.test(segment)) bits.pop();
    else bits.push(decodeBit(segment, 'path'));
  }
  return bits;
}

function decodeBit(text: string, where: 'path' | 'query' | 'form'): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, `bad percent-escape in the ${where}: ${JSON.stringify(text)}`);
  }
}

/** Parses `a=1&b=2&a=3` into a null-prototype object; a repeated name gives an array. */
export function parseQuery(search: string, where: 'query' | 'form' = 'query'): Keywords {
  const keywords: Keywords = Object.create(null) as Keywords;
  if (search === '') return keywords;
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

/** Adds a value under `name`, turning a repeated name into an array of its values; 400 for forbidden names. */
export function addKeyword(
  keywords: Keywords,
  name: string,
  value: unknown,
  where: 'query' | 'form' | 'multipart body',
): void {
  if (forbiddenKeys.has(name))
    throw new HttpError(400, `the ${where} may not use the key ${JSON.stringify(name)}`);
  const existing = keywords[name];
  if (existing === undefined && !(name in keywords)) keywords[name] = value;
  else if (Array.isArray(existing) && repeatedKeys.has(existing)) existing.push(value);
  else {
    const list = [existing, value];
    repeatedKeys.add(list);
    keywords[name] = list;
  }
}

/** `bar` -> `Bar`, `foo-bar`/`foo_bar` -> `FooBar`; undefined for bits that cannot name a class (`__proto__`). */
export function className(bit: string): string | undefined {
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
