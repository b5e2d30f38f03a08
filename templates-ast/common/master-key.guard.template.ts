// src/common/master-key.guard.ts: the app keys. MasterKeyGuard lets a request through only with the master key
// (back ends); with accounts, ClientKeyGuard also takes the client key (apps), which can set no role.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, functionOf, injected, tsFile } from '../_shared/ts.js';

export function masterKeyGuardTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  const request = `context.switchToHttp().getRequest<${http.request}>()`;
  return tsFile(
    'src/common/master-key.guard.ts',
    [
      pkg('node:crypto', 'createHash', 'timingSafeEqual'),
      pkg(
        '@nestjs/common',
        ...(options.auth ? ['ForbiddenException'] : []),
        'Injectable',
        'UnauthorizedException',
      ),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      pkg('@nestjs/config', 'ConfigService'),
      httpTypeImports(options, 'request'),
      use('accessToken', 'extractAccessToken'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      keyGuard(
        'MasterKeyGuard',
        ['`master` routes: the master key (MASTER_KEY), which only back ends hold.'],
        code(
          `const token = extractAccessToken(${request});`,
          "const masterKey = this.config.get('MASTER_KEY', { infer: true });",
          'if (token === undefined || !sameSecret(token, masterKey)) {',
          "  throw new UnauthorizedException('The master key is required in access_token');",
          '}',
          'return true;',
        ),
      ),
      ...(options.auth
        ? [
            keyGuard(
              'ClientKeyGuard',
              [
                '`client` routes (sign-up, sign-in, password resets, confirmation mails): the client key',
                '(CLIENT_KEY), which apps hold, or the master key. Only the master key sets a `role`: with',
                'the client key a body that names one is refused (403), so no app can make an admin.',
              ],
              code(
                `const request = ${request};`,
                'const token = extractAccessToken(request);',
                'if (token === undefined) {',
                "  throw new UnauthorizedException('The client key (or the master key) is required in access_token');",
                '}',
                "if (sameSecret(token, this.config.get('MASTER_KEY', { infer: true }))) return true;",
                "if (!sameSecret(token, this.config.get('CLIENT_KEY', { infer: true }))) {",
                "  throw new UnauthorizedException('The client key (or the master key) is required in access_token');",
                '}',
                'const body: unknown = request.body;',
                "if (typeof body === 'object' && body !== null && 'role' in body) {",
                '  throw new ForbiddenException(',
                "    'Only the master key sets a role: leave role out (users sign up as user), or sign up from a back end that holds the master key',",
                '  );',
                '}',
                'return true;',
              ),
            ),
          ]
        : []),
      functionOf({
        name: 'sameSecret',
        isExported: false,
        docs: [
          'Compares digests, which have one length, so the time taken tells nothing about the key.',
        ],
        parameters: [
          { name: 'given', type: 'string' },
          { name: 'expected', type: 'string' },
        ],
        returnType: 'boolean',
        statements: code(
          "const digest = (text: string) => createHash('sha256').update(text).digest();",
          'return timingSafeEqual(digest(given), digest(expected));',
        ),
      }),
    ],
  );
}

/** An injectable guard over ConfigService whose canActivate runs `statements`. */
function keyGuard(name: string, docs: string[], statements: ReturnType<typeof code>) {
  return classOf({
    name,
    docs,
    decorators: [decorator('Injectable')],
    implements: ['CanActivate'],
    ctors: [{ parameters: [injected('config', 'ConfigService<Environment, true>')] }],
    methods: [
      {
        name: 'canActivate',
        parameters: [{ name: 'context', type: 'ExecutionContext' }],
        returnType: 'boolean',
        statements,
      },
    ],
  });
}
