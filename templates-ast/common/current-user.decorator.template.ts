// src/common/current-user.decorator.ts: the signed-in user of a request, and the owner-or-admin rule.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function currentUserDecoratorTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/common/current-user.decorator.ts',
    [
      pkg('@nestjs/common', 'createParamDecorator', 'ForbiddenException'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
    ],
    [
      interfaceOf({
        name: 'AuthUser',
        docs: [
          "What every route guarded by `@Access('user')` or `@Access('admin')` knows of its caller.",
        ],
        properties: [
          { name: 'id', type: 'string' },
          { name: 'role', type: 'string' },
          ...(options.emailConfirmation
            ? [
                {
                  name: 'emailConfirmed',
                  type: 'boolean',
                  hasQuestionToken: true,
                  docs: [
                    'Whether the user confirmed their e-mail, read with the user on every request.',
                  ],
                },
              ]
            : []),
          ...(options.refreshTokens
            ? [
                {
                  name: 'sessionId',
                  type: 'string',
                  hasQuestionToken: true,
                  docs: ['The session of the access token (claim `sid`); none for HTTP Basic.'],
                },
              ]
            : []),
        ],
      }),
      constant(
        'CurrentUser',
        code(
          'createParamDecorator(',
          '  (_data: unknown, context: ExecutionContext): AuthUser =>',
          '    context.switchToHttp().getRequest<{ user: AuthUser }>().user,',
          ')',
        ),
      ),
      functionOf({
        name: 'assertOwnerOrAdmin',
        docs: ['A user may change what they own; an admin may change anything.'],
        parameters: [
          { name: 'user', type: 'AuthUser' },
          { name: 'ownerId', type: 'string | undefined' },
        ],
        returnType: 'void',
        statements: code(
          "if (user.role !== 'admin' && user.id !== ownerId) {",
          "  throw new ForbiddenException('Only the owner or an admin may do this');",
          '}',
        ),
      }),
    ],
  );
}
