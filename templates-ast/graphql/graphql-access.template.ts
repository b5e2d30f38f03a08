// src/graphql/graphql-access.ts: a field of Query or Mutation checked by the guards its `@Access` levels put on a route.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { accessLevels } from '../common/access.decorator.template.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import {
  classOf,
  code,
  decorator,
  functionOf,
  injected,
  interfaceOf,
  tsFile,
} from '../_shared/ts.js';

export function graphqlAccessTemplate(options: ProjectOptions): TypeScriptFile {
  const levels = accessLevels(options);
  return tsFile(
    'src/graphql/graphql-access.ts',
    [
      pkg('@nestjs/common', 'ForbiddenException', 'Injectable'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext', 'OnModuleInit', 'Type'),
      pkg('@nestjs/core', 'ModuleRef'),
      ...(options.auth ? [use('rateLimit', 'RateLimitGuard')] : []),
      use('access', 'ACCESS_GUARDS', 'AccessLevel'),
      ...(options.auth
        ? [use('jwtAuthGuard', 'JwtAuthGuard'), use('currentUser', 'AuthUser')]
        : []),
      { from: 'src/graphql/graphql-context.ts', types: ['GraphqlContext'] },
    ],
    [
      interfaceOf({
        name: 'GuardedField',
        docs: [
          'A field of Query or Mutation: its `@Access` levels, and the method and class that resolve it.',
        ],
        properties: [
          { name: 'levels', type: 'readonly AccessLevel[] | undefined' },
          { name: 'method', type: '(...args: unknown[]) => unknown' },
          { name: 'owner', type: 'Type' },
        ],
      }),
      classOf({
        name: 'GraphqlAccess',
        decorators: [decorator('Injectable')],
        implements: ['OnModuleInit'],
        docs: [
          'Who may resolve a field of Query or Mutation: its `@Access` levels, checked by the guards of the',
          'REST routes against the HTTP request (its Bearer header, or access_token in the query string or',
          ...(options.auth
            ? [
                "beside `query` in the body). The body the guards see is the field's `input`, so that the client",
                'key cannot set a role here either.',
              ]
            : ["beside `query` in the body). The body the guards see is the field's `input`."]),
        ],
        properties: [
          {
            name: 'guards',
            scope: Scope.Private,
            isReadonly: true,
            initializer: 'new Map<Type<CanActivate>, CanActivate>()',
          },
          ...(options.auth
            ? [
                {
                  name: 'rateLimit',
                  scope: Scope.Private,
                  hasQuestionToken: true,
                  type: 'RateLimitGuard',
                  docs: ['Counts the attempts of the fields marked `@LimitAttempts()`.'],
                },
              ]
            : []),
        ],
        ctors: [
          {
            parameters: [injected('moduleRef', 'ModuleRef')],
          },
        ],
        methods: [
          {
            name: 'onModuleInit',
            isAsync: true,
            returnType: 'Promise<void>',
            statements: code(
              '// HTTP Basic (`password`) is refused before any guard runs: its guard is not needed here.',
              `const levels = Object.entries(ACCESS_GUARDS).filter(([level]) => level !== 'password');`,
              'for (const guard of new Set(levels.flatMap(([, guards]) => guards))) {',
              '  this.guards.set(guard, await this.moduleRef.create(guard));',
              '}',
              ...(options.auth
                ? ['this.rateLimit = await this.moduleRef.create(RateLimitGuard);']
                : []),
            ),
          },
          {
            name: 'check',
            isAsync: true,
            docs: [
              "Throws the guard's 401 or 403 (a field without levels is closed to everyone, as a route), or",
              "the 429 of `@LimitAttempts`, counted as its route's: per client address, and per account for",
              'the fields that take an e-mail.',
            ],
            parameters: [
              { name: 'field', type: 'GuardedField' },
              { name: 'context', type: 'GraphqlContext' },
              { name: 'input', type: 'unknown' },
            ],
            returnType: 'Promise<void>',
            statements: code(...checkStatements(options, levels)),
          },
        ],
      }),
      functionOf({
        name: 'httpContext',
        isExported: false,
        docs: [
          "The part of Nest's ExecutionContext that the guards read; the field's method and class stand",
          "for a route's, whose marks RateLimitGuard reads.",
        ],
        parameters: [
          { name: 'request', type: 'object' },
          { name: 'response', type: 'object' },
          { name: 'field', type: 'GuardedField' },
        ],
        returnType: 'ExecutionContext',
        statements: code(
          'const http = {',
          '  getRequest: <T>() => request as T,',
          '  getResponse: <T>() => response as T,',
          '  getNext: <T>() => (() => undefined) as T,',
          '};',
          'return {',
          '  switchToHttp: () => http,',
          '  switchToRpc: () => {',
          "    throw new Error('GraphQL fields are served over HTTP');",
          '  },',
          '  switchToWs: () => {',
          "    throw new Error('GraphQL fields are served over HTTP');",
          '  },',
          "  getType: <T extends string>() => 'http' as T,",
          '  getClass: () => field.owner,',
          '  getHandler: () => field.method,',
          '  getArgs: <T extends unknown[]>() => [request, response] as T,',
          '  getArgByIndex: <T>(index: number) => [request, response][index] as T,',
          '} as ExecutionContext;',
        ),
      }),
    ],
  );
}

/** The body of `check`: with accounts, the caller signed in by one field is not checked again by the next. */
function checkStatements(options: ProjectOptions, levels: string[]): string[] {
  const closed = [
    'const { levels } = field;',
    'if (!levels?.length) {',
    "  throw new ForbiddenException('This field is closed: it declares no access level');",
    '}',
    ...(levels.includes('password')
      ? [
          "if (levels.includes('password')) {",
          "  throw new ForbiddenException('This field needs HTTP Basic credentials, which GraphQL does not take');",
          '}',
        ]
      : []),
  ];
  if (!options.auth) {
    return [
      ...closed,
      'const request = Object.create(context.request) as { body?: unknown };',
      "request.body = typeof input === 'object' && input !== null ? input : {};",
      'const http = httpContext(request, context.response, field);',
      'for (const level of levels) {',
      '  for (const guard of ACCESS_GUARDS[level]) {',
      '    await this.guards.get(guard)!.canActivate(http);',
      '  }',
      '}',
    ];
  }
  return [
    ...closed,
    'const request = Object.create(context.request) as { body?: unknown; user?: AuthUser };',
    "request.body = typeof input === 'object' && input !== null ? input : {};",
    '// The caller an earlier field signed in is not asked for the token again.',
    'request.user = context.user;',
    'const http = httpContext(request, context.response, field);',
    '// The request was counted as one of its address when it came; a field adds only its attempt.',
    'await this.rateLimit!.countAttempt(http);',
    'for (const level of levels) {',
    '  for (const guard of ACCESS_GUARDS[level]) {',
    '    if (guard === JwtAuthGuard && request.user) continue;',
    '    await this.guards.get(guard)!.canActivate(http);',
    '  }',
    '}',
    '// Passport puts the signed-in user on the request it was given.',
    'context.user = request.user;',
  ];
}
