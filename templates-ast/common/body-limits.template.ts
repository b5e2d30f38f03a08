// src/common/body-limits.ts: a parsed body's shape is checked in one pass, before any pipe transforms it.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { beforeRouteParameters, httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

export function bodyLimitsTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  const fastify = options.http === 'fastify';
  return tsFile(
    'src/common/body-limits.ts',
    [
      pkg(
        '@nestjs/common',
        'BadRequestException',
        'PayloadTooLargeException',
        'UnsupportedMediaTypeException',
      ),
      pkgTypes('@nestjs/common', 'HttpException'),
      httpTypeImports(options, 'next', 'request', 'response'),
    ],
    [
      constant(
        'BODY_LIMITS',
        code(
          '{',
          '  /** Keys of one object, and fields of a form body. */',
          '  keys: 1000,',
          '  /** Objects and lists inside each other. */',
          '  depth: 20,',
          '  /** Items of one list. */',
          '  items: 1000,',
          '  /** Characters of one text (the longest field, `text`, takes 100,000). */',
          '  characters: 100_000,',
          '} as const',
        ),
      ),
      constant('RESERVED_KEYS', "new Set(['__proto__', 'constructor', 'prototype'])", {
        isExported: false,
        docs: ['Names that reach object prototypes in code that merges bodies into objects.'],
      }),
      functionOf({
        name: 'textProblem',
        docs: ['Why a text of a request may not be taken, if it may not.'],
        parameters: [
          { name: 'text', type: 'string' },
          { name: 'where', type: 'string' },
        ],
        returnType: 'HttpException | undefined',
        statements: code(
          "if (text.includes('\\u0000')) {",
          '  return new BadRequestException(`${where} may not contain NUL characters (\\\\u0000)`);',
          '}',
          'if (text.length > BODY_LIMITS.characters) {',
          '  return new PayloadTooLargeException(',
          '    `${where} may have at most ${BODY_LIMITS.characters} characters in one text`,',
          '  );',
          '}',
          'return undefined;',
        ),
      }),
      functionOf({
        name: 'bodyProblem',
        docs: [
          'Why a parsed body breaks a limit, if it does. Each value is visited once, from a stack of its own',
          'rather than by recursion, so a hostile body costs time in proportion to its size and no call stack.',
        ],
        parameters: [{ name: 'body', type: 'unknown' }],
        returnType: 'HttpException | undefined',
        statements: code(
          'const pending: [value: unknown, depth: number][] = [[body, 0]];',
          'for (let next = pending.pop(); next; next = pending.pop()) {',
          '  const [value, depth] = next;',
          "  if (typeof value === 'string') {",
          "    const problem = textProblem(value, 'A body');",
          '    if (problem) return problem;',
          "  } else if (typeof value === 'object' && value !== null) {",
          '    if (depth >= BODY_LIMITS.depth) {',
          '      return new BadRequestException(`A body may nest objects and lists at most ${BODY_LIMITS.depth} levels deep`);',
          '    }',
          '    const problem = Array.isArray(value) ? listProblem(value) : objectProblem(value);',
          '    if (problem) return problem;',
          '    for (const child of Object.values(value)) pending.push([child, depth + 1]);',
          '  }',
          '}',
          'return undefined;',
        ),
      }),
      functionOf({
        name: 'listProblem',
        isExported: false,
        parameters: [{ name: 'list', type: 'unknown[]' }],
        returnType: 'HttpException | undefined',
        statements: code(
          'return list.length > BODY_LIMITS.items',
          '  ? new PayloadTooLargeException(`A list in a body may have at most ${BODY_LIMITS.items} items`)',
          '  : undefined;',
        ),
      }),
      functionOf({
        name: 'objectProblem',
        isExported: false,
        parameters: [{ name: 'object', type: 'object' }],
        returnType: 'HttpException | undefined',
        statements: code(
          'const keys = Object.keys(object);',
          'if (keys.length > BODY_LIMITS.keys) {',
          '  return new PayloadTooLargeException(`An object in a body may have at most ${BODY_LIMITS.keys} keys`);',
          '}',
          'for (const key of keys) {',
          '  if (RESERVED_KEYS.has(key)) return new BadRequestException(`property ${key} should not exist`);',
          "  const problem = textProblem(key, 'A key in a body');",
          '  if (problem) return problem;',
          '}',
          'return undefined;',
        ),
      }),
      functionOf({
        name: 'limitBodies',
        docs: [
          `${fastify ? 'A preValidation hook' : 'Middleware'} after the body parsers: a body that breaks a limit is refused here, before`,
          'validation and class-transformer (whose cost grows faster than the body) ever see it.',
        ],
        parameters: beforeRouteParameters(options),
        returnType: 'void',
        statements: code(`${http.next}(bodyProblem(request.body));`),
      }),
      ...(fastify ? [parseForm] : []),
      constant('BODY_TYPES', "['application/json', 'application/x-www-form-urlencoded']", {
        docs: ['The body types every route takes; the parsers in configureApp read exactly these.'],
      }),
      functionOf({
        name: 'acceptBodyTypes',
        docs: [
          `${fastify ? 'An onRequest hook' : 'Middleware'}: a body of any other type (text/plain, multipart) is a 415, rather than an empty`,
          fastify
            ? 'body that fails validation field by field, or a text that Fastify parses by default.'
            : 'body that fails validation field by field.',
        ],
        parameters: beforeRouteParameters(options),
        returnType: 'void',
        statements: code(
          "const length = Number(request.headers['content-length'] ?? 0);",
          "const hasBody = length > 0 || request.headers['transfer-encoding'] !== undefined;",
          ...(fastify
            ? [
                "const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();",
                'if (hasBody && !BODY_TYPES.includes(type)) {',
              ]
            : ['if (hasBody && !request.is(BODY_TYPES)) {']),
          `  ${http.next}(new UnsupportedMediaTypeException(\`Send the body as \${BODY_TYPES.join(' or ')}\`));`,
          '  return;',
          '}',
          `${http.next}();`,
        ),
      }),
    ],
  );
}

/** Fastify: the form parser, which counts fields as Express's `parameterLimit` does. */
const parseForm = functionOf({
  name: 'parseForm',
  docs: [
    'A form body as an object: a field given twice is a list, `a[b]=1` is the key `a[b]` (flat forms',
    'only). More than BODY_LIMITS.keys fields is a 413, before an object is built.',
  ],
  parameters: [{ name: 'body', type: 'Buffer' }],
  returnType: 'Record<string, string | string[]>',
  statements: code(
    'const params = new URLSearchParams(body.toString());',
    'const fields = new Map<string, string | string[]>();',
    'let count = 0;',
    'for (const [key, value] of params) {',
    '  count += 1;',
    '  if (count > BODY_LIMITS.keys) {',
    '    throw new PayloadTooLargeException(`A form body may have at most ${BODY_LIMITS.keys} fields`);',
    '  }',
    '  const given = fields.get(key);',
    '  fields.set(key, given === undefined ? value : [...(Array.isArray(given) ? given : [given]), value]);',
    '}',
    '// fromEntries defines each key as an own property: `__proto__` stays a key, refused by bodyProblem.',
    'return Object.fromEntries(fields);',
  ),
});
