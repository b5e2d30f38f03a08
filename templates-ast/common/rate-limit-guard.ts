// src/common/rate-limit.ts's guard: each route's limit per client address, and the attempt limits per address and account.
import { Scope } from '../../src/loader/ts-morph.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, type HttpNames } from '../_shared/http.js';
import { classOf, code, decorator, functionOf, injected } from '../_shared/ts.js';

export function rateLimitGuard(options: ProjectOptions) {
  const names = httpNames(options);
  const answer = names.answer;
  const attempts = options.auth
    ? [
        'const attempts = this.reflector.get<string | true | undefined>(LIMIT_ATTEMPTS, context.getHandler());',
        'if (attempts === undefined) return;',
        'const http = context.switchToHttp();',
        `const [request, ${answer}] = [http.getRequest<${names.request}>(), http.getResponse<${names.response}>()];`,
        "const address = clientKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');",
        'const route = `${context.getClass().name}.${context.getHandler().name}`;',
        `await consume(this.limiters.attempts, \`\${route}:\${address}\`, 'attempts from this address', ${answer});`,
        'const account = accountOf(request);',
        'if (account !== undefined) {',
        '  // A group (the routes that check a password) shares one count per account.',
        "  const key = `${attempts === true ? route : attempts}:${createHash('sha256').update(account).digest('base64url')}`;",
        `  await consume(this.limiters.attemptsPerAccount, key, 'attempts for this account', ${answer});`,
        '}',
      ]
    : undefined;
  return classOf({
    name: 'RateLimitGuard',
    docs: [
      'Installed for every route (RateLimitModule): THROTTLE_LIMIT requests per THROTTLE_TTL seconds from one',
      'client address (`request.ip`, which TRUST_PROXY decides)' +
        (options.auth ? ', and the attempt limits on routes marked `@LimitAttempts()`.' : '.'),
      'Routes marked `@SkipRateLimit()` are left alone.',
    ],
    decorators: [decorator('Injectable')],
    implements: ['CanActivate'],
    properties: [
      {
        name: 'marks',
        scope: Scope.Private,
        isReadonly: true,
        type: `WeakMap<object, { skip: boolean${attempts ? '; attempts: boolean' : ''} }>`,
        initializer: 'new WeakMap()',
        docs: [
          "Each handler's `@SkipRateLimit()`" +
            (attempts ? ' and `@LimitAttempts()`' : '') +
            ', read on its first request.',
        ],
      },
    ],
    ctors: [
      {
        parameters: [injected('limiters', 'RateLimiters'), injected('reflector', 'Reflector')],
      },
    ],
    methods: [
      {
        name: 'canActivate',
        isAsync: true,
        parameters: [{ name: 'context', type: 'ExecutionContext' }],
        returnType: 'Promise<boolean>',
        statements: code(
          '// Read once per route: the marks of a handler do not change while the app runs.',
          'const handler = context.getHandler();',
          'let marks = this.marks.get(handler);',
          'if (marks === undefined) {',
          '  marks = {',
          '    skip: this.reflector.get<boolean | undefined>(SKIP_RATE_LIMIT, handler) === true,',
          ...(attempts
            ? [
                '    attempts: this.reflector.get<string | true | undefined>(LIMIT_ATTEMPTS, handler) !== undefined,',
              ]
            : []),
          '  };',
          '  this.marks.set(handler, marks);',
          '}',
          'if (marks.skip) return true;',
          'const http = context.switchToHttp();',
          `const [request, ${names.answer}] = [http.getRequest<${names.request}>(), http.getResponse<${names.response}>()];`,
          "const address = clientKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');",
          `await consume(this.limiters.requests, address, 'requests from this address', ${names.answer});`,
          ...(attempts ? ['if (marks.attempts) await this.countAttempt(context);'] : []),
          'return true;',
        ),
      },
      ...(attempts
        ? [
            {
              name: 'countAttempt',
              isAsync: true,
              docs: [
                'The attempt limits of a route marked `@LimitAttempts()`, per client address and per account;',
                'GraphQL counts its fields so (a field is already one of the requests of its address).',
              ],
              parameters: [{ name: 'context', type: 'ExecutionContext' }],
              returnType: 'Promise<void>',
              statements: code(...attempts),
            },
          ]
        : []),
    ],
  });
}

export function accountOf(http: HttpNames) {
  return functionOf({
    name: 'accountOf',
    isExported: false,
    docs: [
      'The e-mail a request is about: that of its Basic credentials, else `email` in its body.',
    ],
    parameters: [{ name: 'request', type: http.request }],
    returnType: 'string | undefined',
    statements: code(
      'let email: unknown;',
      'try {',
      '  email = parseBasicCredentials(request.headers.authorization).email;',
      '} catch {',
      '  const body: unknown = request.body;',
      "  email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;",
      '}',
      "return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;",
    ),
  });
}

/** Without password sign-in there is no Basic header: the account is the `email` of the body. */
export function accountOfBody(http: HttpNames) {
  return functionOf({
    name: 'accountOf',
    isExported: false,
    docs: ['The e-mail a request is about: `email` in its body.'],
    parameters: [{ name: 'request', type: http.request }],
    returnType: 'string | undefined',
    statements: code(
      'const body: unknown = request.body;',
      "const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;",
      "return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;",
    ),
  });
}
