// A guard that runs after sign-in and lets a user through on one condition, else 403 with the reason:
// the admin guard and the confirmed e-mail guard.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from './pieces.js';
import { classOf, code, decorator, tsFile } from './ts.js';

export interface UserGuardSpec {
  path: string;
  name: string;
  docs?: string[];
  /** When the user may not pass, e.g. `user?.role !== 'admin'`. */
  refuse: string;
  /** The 403's message, as a TypeScript expression. */
  message: string[];
}

export function userGuardTemplate(spec: UserGuardSpec): TypeScriptFile {
  return tsFile(
    spec.path,
    [
      pkg('@nestjs/common', 'ForbiddenException', 'Injectable'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      use('currentUser', 'AuthUser'),
    ],
    [
      classOf({
        name: spec.name,
        ...(spec.docs ? { docs: spec.docs } : {}),
        decorators: [decorator('Injectable')],
        implements: ['CanActivate'],
        methods: [
          {
            name: 'canActivate',
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'boolean',
            statements: code(
              'const { user } = context.switchToHttp().getRequest<{ user?: AuthUser }>();',
              `if (${spec.refuse}) {`,
              ...spec.message,
              '}',
              'return true;',
            ),
          },
        ],
      }),
    ],
  );
}
