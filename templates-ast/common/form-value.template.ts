// src/common/form-value.ts: a DTO field's text taken as a number, a boolean, a date or a list only when it plainly is one.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

export function formValueTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/form-value.ts',
    [pkg('class-transformer', 'Transform'), pkgTypes('class-transformer', 'TransformFnParams')],
    [
      typeAlias('FormValueType', "'text' | 'number' | 'boolean' | 'date'"),
      constant('DECIMAL', '/^-?\\d+(\\.\\d+)?$/', {
        isExported: false,
        docs: [
          '`12`, `-0.5`; not `0x10`, `1e3`, ` 7` or the empty text, which Number() would take.',
        ],
      }),
      constant(
        'ISO_DATE',
        '/^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$/',
        { isExported: false, docs: ['ISO 8601: a day, or a day and time with its zone.'] },
      ),
      constant(
        'CONVERT',
        code(
          '{',
          '  text: (value) => value,',
          "  number: (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),",
          "  boolean: (value) => (value === 'true' ? true : value === 'false' ? false : value),",
          "  date: (value) => (typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value),",
          '}',
        ),
        {
          isExported: false,
          type: 'Record<FormValueType, (value: unknown) => unknown>',
          docs: [
            'Text that is not plainly of the type is left as it is, so that validation refuses it by name.',
          ],
        },
      ),
      functionOf({
        name: 'formValue',
        docs: [
          "A field's value as its type, from a form's text or JSON; with `list`, a single value is a",
          'one-item list (a form sends `tags=a` for one tag and `tags=a&tags=b` for two).',
        ],
        parameters: [
          { name: 'value', type: 'unknown' },
          { name: 'type', type: 'FormValueType' },
          { name: 'list', type: 'boolean', initializer: 'false' },
        ],
        returnType: 'unknown',
        statements: code(
          'const convert = CONVERT[type];',
          'if (!list) return convert(value);',
          'if (value === undefined || value === null) return value;',
          'return (Array.isArray(value) ? value : [value]).map(convert);',
        ),
      }),
      functionOf({
        name: 'FormValue',
        docs: [
          "`@FormValue('number')`, `@FormValue('text', { list: true })`: see formValue; validation runs on the result.",
        ],
        parameters: [
          { name: 'type', type: 'FormValueType' },
          { name: '{ list = false }', type: '{ list?: boolean }', initializer: '{}' },
        ],
        returnType: 'PropertyDecorator',
        statements: code(
          'return Transform(({ value }: TransformFnParams) => formValue(value, type, list));',
        ),
      }),
    ],
  );
}
