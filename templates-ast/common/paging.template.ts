// src/common/paging.ts: a list route returns a Page; its clients get the array with X-Total-Count, or { rows, count }, and Link.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { httpNames, httpTypeImports, type HttpNames } from '../_shared/http.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import {
  classOf,
  code,
  decorator,
  functionOf,
  injected,
  interfaceOf,
  tsFile,
} from '../_shared/ts.js';

export function pagingTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/common/paging.ts',
    [
      pkg('@nestjs/common', 'applyDecorators', 'Injectable', 'UseInterceptors'),
      pkg('@nestjs/config', 'ConfigService'),
      pkgTypes('@nestjs/common', 'CallHandler', 'ExecutionContext', 'NestInterceptor', 'Type'),
      pkg('@nestjs/swagger', 'ApiExtraModels', 'ApiOkResponse', 'getSchemaPath'),
      httpTypeImports(options, 'request', 'response'),
      pkg('rxjs', 'map'),
      pkgTypes('rxjs', 'Observable'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      interfaceOf({
        name: 'Page',
        typeParameters: ['T'],
        properties: [
          { name: 'items', type: 'T[]' },
          { name: 'total', type: 'number' },
          { name: 'page', type: 'number' },
          { name: 'limit', type: 'number' },
        ],
      }),
      interfaceOf({
        name: 'Envelope',
        docs: [
          'What an enveloped list answers: the entries of the page and the count over all pages.',
        ],
        typeParameters: ['T'],
        properties: [
          { name: 'rows', type: 'T[]' },
          { name: 'count', type: 'number' },
        ],
      }),
      interceptor(http, 'PagingInterceptor', 'unknown[]', [
        `${http.answer}.${http.setHeader}('X-Total-Count', String(page.total));`,
        'return page.items;',
      ]),
      interceptor(http, 'EnvelopeInterceptor', 'Envelope<unknown>', [
        'return { rows: page.items, count: page.total };',
      ]),
      functionOf({
        name: 'linkHeader',
        docs: [
          'RFC 8288 links to the first, previous, next and last pages (the access token left out):',
          "relative, or under PUBLIC_URL when it is set; never built from the request's Host header.",
        ],
        parameters: [
          { name: 'base', type: 'string' },
          { name: 'path', type: 'string' },
          { name: 'page', type: "Omit<Page<unknown>, 'items'>" },
        ],
        returnType: 'string',
        statements: code(
          'const last = Math.max(1, Math.ceil(page.total / page.limit));',
          '// Parsed once, its page changed for each link.',
          "const target = new URL(path, 'http://localhost');",
          "target.searchParams.delete('access_token');",
          "const prefix = `${base.replace(/\\/$/, '')}${target.pathname}`;",
          'const to = (number: number): string => {',
          "  target.searchParams.set('page', String(number));",
          '  return `${prefix}${target.search}`;',
          '};',
          "const links: [string, number][] = [['first', 1]];",
          "if (page.page > 1) links.push(['prev', Math.min(page.page - 1, last)]);",
          "if (page.page < last) links.push(['next', page.page + 1]);",
          "links.push(['last', last]);",
          'return links.map(([rel, number]) => `<${to(number)}>; rel="${rel}"`).join(\', \');',
        ),
      }),
      functionOf({
        name: 'Paged',
        docs: [
          'Marks a list route: it answers a page of `view`s (see PagingInterceptor) as an array.',
        ],
        parameters: [{ name: 'view', type: 'Type<unknown>' }],
        statements: code(
          'return applyDecorators(',
          '  UseInterceptors(PagingInterceptor),',
          '  ApiOkResponse({',
          '    type: view,',
          '    isArray: true,',
          '    headers: {',
          "      'X-Total-Count': {",
          "        description: 'Entries matching the query, over all pages',",
          "        schema: { type: 'integer', minimum: 0 },",
          '      },',
          '      Link: {',
          "        description: 'RFC 8288 links to the first, previous, next and last pages',",
          "        schema: { type: 'string' },",
          '      },',
          '    },',
          '  }),',
          ');',
        ),
      }),
      functionOf({
        name: 'PagedEnvelope',
        docs: [
          'Marks a list route: it answers a page of `view`s (see EnvelopeInterceptor) as `{ rows, count }`.',
        ],
        parameters: [{ name: 'view', type: 'Type<unknown>' }],
        statements: code(
          'return applyDecorators(',
          '  UseInterceptors(EnvelopeInterceptor),',
          '  ApiExtraModels(view),',
          '  ApiOkResponse({',
          '    schema: {',
          "      type: 'object',",
          "      required: ['rows', 'count'],",
          '      properties: {',
          "        rows: { type: 'array', items: { $ref: getSchemaPath(view) } },",
          '        count: {',
          "          type: 'integer',",
          '          minimum: 0,',
          "          description: 'Entries matching the query, over all pages',",
          '        },',
          '      },',
          '    },',
          '    headers: {',
          '      Link: {',
          "        description: 'RFC 8288 links to the first, previous, next and last pages',",
          "        schema: { type: 'string' },",
          '      },',
          '    },',
          '  }),',
          ');',
        ),
      }),
    ],
  );
}

/** An interceptor that sets the Link header of a page, then answers `answer` (statements that return it). */
const interceptor = (names: HttpNames, name: string, body: string, answer: string[]) =>
  classOf({
    name,
    decorators: [decorator('Injectable')],
    implements: [`NestInterceptor<Page<unknown>, ${body}>`],
    ctors: [{ parameters: [injected('config', 'ConfigService<Environment, true>')] }],
    methods: [
      {
        name: 'intercept',
        parameters: [
          { name: 'context', type: 'ExecutionContext' },
          { name: 'next', type: 'CallHandler<Page<unknown>>' },
        ],
        returnType: `Observable<${body}>`,
        statements: code(
          'const http = context.switchToHttp();',
          `const request = http.getRequest<${names.request}>();`,
          `const ${names.answer} = http.getResponse<${names.response}>();`,
          "const base = this.config.get('PUBLIC_URL', { infer: true }) ?? '';",
          'return next.handle().pipe(',
          '  map((page: Page<unknown>) => {',
          `    ${names.answer}.${names.setHeader}('Link', linkHeader(base, request.originalUrl, page));`,
          ...answer.map((line) => `    ${line}`),
          '  }),',
          ');',
        ),
      },
    ],
  });
