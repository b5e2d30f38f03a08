// src/common/master-key.guard.ts: lets a request through only with the master key, compared in constant time.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, functionOf, injected, tsFile } from '../_shared/ts.js';

export function masterKeyGuardTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/common/master-key.guard.ts',
    [
      pkg('node:crypto', 'createHash', 'timingSafeEqual'),
      pkg('@nestjs/common', 'Injectable', 'UnauthorizedException'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      pkg('@nestjs/config', 'ConfigService'),
      httpTypeImports(options, 'request'),
      use('accessToken', 'extractAccessToken'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      classOf({
        name: 'MasterKeyGuard',
        decorators: [decorator('Injectable')],
        implements: ['CanActivate'],
        ctors: [{ parameters: [injected('config', 'ConfigService<Environment, true>')] }],
        methods: [
          {
            name: 'canActivate',
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'boolean',
            statements: code(
              `const token = extractAccessToken(context.switchToHttp().getRequest<${http.request}>());`,
              "const masterKey = this.config.get('MASTER_KEY', { infer: true });",
              'if (token === undefined || !sameSecret(token, masterKey)) {',
              "  throw new UnauthorizedException('The master key is required in access_token');",
              '}',
              'return true;',
            ),
          },
        ],
      }),
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
