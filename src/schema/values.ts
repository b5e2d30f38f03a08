// Values for argument defaults and applied directives, and their GraphQL text: `true`, `-42`, `5.33`, `null`, `"escaped"`, `ADMIN`.
import { SchemaError } from './errors.js';
import { describe, kindGuards, kindKey, type Branded } from './kinds.js';
import { assertName, assertPrintableText } from './names.js';

abstract class BaseValue<T> implements Branded {
  readonly [kindKey] = 'Value' as const;
  abstract readonly valueKind: 'Boolean' | 'Enum' | 'Float' | 'Integer' | 'Null' | 'String';

  protected constructor(protected readonly value: T) {}

  getValue(): T {
    return this.value;
  }

  abstract toString(): string;
}

export class ValueBoolean extends BaseValue<boolean> {
  readonly valueKind = 'Boolean' as const;
  constructor(value: boolean) {
    if (typeof value !== 'boolean') throw valueError('ValueBoolean', 'true or false', value);
    super(value);
  }
  toString(): string {
    return this.value ? 'true' : 'false';
  }
}

export class ValueFloat extends BaseValue<number> {
  readonly valueKind = 'Float' as const;
  constructor(value: number) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw valueError('ValueFloat', 'a finite number (GraphQL has no NaN or Infinity)', value);
    }
    super(value);
  }
  toString(): string {
    // JavaScript's own number text (`5.33`, `1e+21`) is valid GraphQL Int or Float syntax.
    return String(this.value);
  }
}

export class ValueInteger extends BaseValue<number> {
  readonly valueKind = 'Integer' as const;
  constructor(value: number) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw valueError('ValueInteger', 'a whole number', value);
    }
    super(value);
  }
  toString(): string {
    return String(this.value);
  }
}

export class ValueNull extends BaseValue<null> {
  readonly valueKind = 'Null' as const;
  constructor() {
    super(null);
  }
  toString(): string {
    return 'null';
  }
}

export class ValueString extends BaseValue<string> {
  readonly valueKind = 'String' as const;
  constructor(value: string) {
    if (typeof value !== 'string') throw valueError('ValueString', 'a string', value);
    super(assertPrintableText(value, 'ValueString'));
  }
  toString(): string {
    return printString(this.value);
  }
}

/** An enum value, printed bare: `new ValueEnum('ADMIN')` is `ADMIN`; validate() checks the enum has it. */
export class ValueEnum extends BaseValue<string> {
  readonly valueKind = 'Enum' as const;
  constructor(value: string) {
    if (typeof value !== 'string') throw valueError('ValueEnum', 'an enum value name', value);
    assertName(value, 'ValueEnum');
    if (value === 'true' || value === 'false' || value === 'null') {
      throw new SchemaError(
        `ValueEnum "${value}" would read as a literal in GraphQL: use ${value === 'null' ? 'ValueNull' : 'ValueBoolean'}`,
      );
    }
    super(value);
  }
  toString(): string {
    return this.value;
  }
}

export type Value = ValueBoolean | ValueEnum | ValueFloat | ValueInteger | ValueNull | ValueString;

const guards = kindGuards<Value>('Value');
export const isValue = guards.is;
export const assertValue = guards.assert;

export function isValueEnum(value: unknown): value is ValueEnum {
  return isValue(value) && value.valueKind === 'Enum';
}

export function assertValueEnum(value: unknown, where = 'value'): ValueEnum {
  if (isValueEnum(value)) return value;
  const got = isValue(value) ? `Value${value.valueKind} ${value.toString()}` : describe(value);
  throw new SchemaError(`${where} must be a ValueEnum, got ${got}`);
}

function valueError(kind: string, expected: string, got: unknown): SchemaError {
  const shown = typeof got === 'string' ? JSON.stringify(got) : String(got);
  return new SchemaError(`${kind} needs ${expected}, got ${shown}`);
}

// Control characters, `"` and `\` are escaped, as graphql-js printString does.
// eslint-disable-next-line no-control-regex
const escapedCharacters = /[\x00-\x1f\x22\x5c\x7f-\x9f]/g;
const shortEscapes: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function escapeCharacter(character: string): string {
  const short = shortEscapes[character];
  if (short !== undefined) return short;
  return '\\u' + character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

// eslint-disable-next-line no-control-regex
const hasEscapedCharacter = /[\x00-\x1f\x22\x5c\x7f-\x9f]/;

/** A GraphQL string literal: `"a \"quoted\" word"`. */
export function printString(text: string): string {
  // Most strings need no escape; testing first skips building a replacement.
  if (!hasEscapedCharacter.test(text)) return '"' + text + '"';
  return '"' + text.replace(escapedCharacters, escapeCharacter) + '"';
}
