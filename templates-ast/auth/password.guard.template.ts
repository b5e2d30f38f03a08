// src/auth/password.guard.ts: `@Access('password')`: HTTP Basic e-mail and password, checked before the body is read.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function passwordGuardTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/auth/password.guard.ts',
    [
      pkg('@nestjs/common', 'Injectable', 'UnauthorizedException'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      httpTypeImports(options, 'request'),
      use('basicCredentials', 'parseBasicCredentials'),
      use('currentUser', 'AuthUser'),
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
    ],
    [
      classOf({
        name: 'PasswordGuard',
        docs: [
          'Lets a request through with the e-mail and password of an account (HTTP Basic) and makes that',
          'account `request.user`. A guard runs before the pipes, so a wrong password is a 401 whatever the body.',
          'On a route with `:id` the credentials must be those of that user.',
        ],
        decorators: [decorator('Injectable')],
        implements: ['CanActivate'],
        ctors: [{ parameters: [injected('users', 'UsersService')] }],
        methods: [
          {
            name: 'canActivate',
            isAsync: true,
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'Promise<boolean>',
            statements: code(
              `const request = context.switchToHttp().getRequest<${http.paramsRequest} & { user?: AuthUser }>();`,
              'const { email, password } = parseBasicCredentials(request.headers.authorization);',
              'const user = await this.users.verifyCredentials(email, password);',
              "// Another user's right password gets the answer of a wrong one: no answer tells a password was right.",
              'const id = request.params.id;',
              'if (!user || (id !== undefined && id !== user.id)) {',
              "  throw new UnauthorizedException('Wrong e-mail or password');",
              '}',
              'request.user = { id: user.id, role: user.role };',
              'return true;',
            ),
          },
        ],
      }),
    ],
  );
}
