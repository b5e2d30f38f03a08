// src/common/paging.ts: a list route returns a Page; its clients get the array, X-Total-Count and Link.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
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

/** What `q` finds: a substring on the SQL databases, words and phrases in MongoDB's text index. */
const Q_DESCRIPTION = {
  sql: 'Search text: entries whose searched fields contain it, ignoring case (Unicode); 3 to 100 characters, else 400',
  mongodb:
    'Search text, matched against the words of a MongoDB text index, not as a substring: lovelace finds Ada Lovelace, love does not; several words must appear together, in that order. Ignores case and accents; 3 to 100 characters, else 400',
};

export function pagingTemplate(options: ProjectOptions): TypeScriptFile {
  const q = Q_DESCRIPTION[options.database === 'mongodb' ? 'mongodb' : 'sql'];
  return tsFile(
    'src/common/paging.ts',
    [
      pkg('@nestjs/common', 'applyDecorators', 'Injectable', 'UseInterceptors'),
      pkg('@nestjs/config', 'ConfigService'),
      pkgTypes('@nestjs/common', 'CallHandler', 'ExecutionContext', 'NestInterceptor'),
      pkg('@nestjs/swagger', 'ApiQuery', 'ApiResponse'),
      pkgTypes('express', 'Request', 'Response'),
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
      classOf({
        name: 'PagingInterceptor',
        decorators: [decorator('Injectable')],
        implements: ['NestInterceptor<Page<unknown>, unknown[]>'],
        ctors: [
          {
            parameters: [injected('config', 'ConfigService<Environment, true>')],
          },
        ],
        methods: [
          {
            name: 'intercept',
            parameters: [
              { name: 'context', type: 'ExecutionContext' },
              { name: 'next', type: 'CallHandler<Page<unknown>>' },
            ],
            returnType: 'Observable<unknown[]>',
            statements: code(
              'const http = context.switchToHttp();',
              'const request = http.getRequest<Request>();',
              'const response = http.getResponse<Response>();',
              "const base = this.config.get('PUBLIC_URL', { infer: true }) ?? '';",
              'return next.handle().pipe(',
              '  map((page: Page<unknown>) => {',
              "    response.setHeader('X-Total-Count', String(page.total));",
              "    response.setHeader('Link', linkHeader(base, request.originalUrl, page));",
              '    return page.items;',
              '  }),',
              ');',
            ),
          },
        ],
      }),
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
          'const to = (number: number): string => {',
          "  const target = new URL(path, 'http://localhost');",
          "  target.searchParams.delete('access_token');",
          "  target.searchParams.set('page', String(number));",
          "  return `${base.replace(/\\/$/, '')}${target.pathname}${target.search}`;",
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
          'Marks a list route: it takes a list query and answers a page (see PagingInterceptor).',
        ],
        statements: code(
          'return applyDecorators(',
          '  UseInterceptors(PagingInterceptor),',
          '  ApiQuery({',
          "    name: 'q',",
          '    required: false,',
          `    description: '${q}',`,
          "    schema: { type: 'string', minLength: 3, maxLength: 100 },",
          '  }),',
          "  ApiQuery({ name: 'page', required: false, description: 'From 1 (default 1)' }),",
          "  ApiQuery({ name: 'limit', required: false, description: '1 to 100 (default 10)' }),",
          "  ApiQuery({ name: 'fields', required: false, description: 'Comma list; -field leaves one out' }),",
          "  ApiQuery({ name: 'sort', required: false, description: 'Comma list; -field for descending (default -createdAt)' }),",
          "  ApiResponse({ status: 400, description: 'A list query value is out of range or unknown' }),",
          ');',
        ),
      }),
    ],
  );
}
