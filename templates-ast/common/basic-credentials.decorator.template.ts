// src/common/basic-credentials.decorator.ts: the e-mail and password of an HTTP Basic Authorization header.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function basicCredentialsDecoratorTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/common/basic-credentials.decorator.ts',
    [
      pkg('@nestjs/common', 'createParamDecorator', 'UnauthorizedException'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      httpTypeImports(options, 'request'),
    ],
    [
      interfaceOf({
        name: 'Credentials',
        properties: [
          { name: 'email', type: 'string' },
          { name: 'password', type: 'string' },
        ],
      }),
      functionOf({
        name: 'parseBasicCredentials',
        docs: ['`Authorization: Basic base64(email:password)`; anything else is a 401.'],
        parameters: [{ name: 'header', type: 'string | undefined' }],
        returnType: 'Credentials',
        statements: code(
          "const [scheme, encoded] = (header ?? '').split(' ');",
          "const decoded = scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';",
          "const colon = decoded.indexOf(':');",
          'if (colon <= 0) {',
          "  throw new UnauthorizedException('HTTP Basic authentication with e-mail and password is required');",
          '}',
          'return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };',
        ),
      }),
      constant(
        'BasicCredentials',
        code(
          'createParamDecorator(',
          '  (_data: unknown, context: ExecutionContext): Credentials =>',
          `    parseBasicCredentials(context.switchToHttp().getRequest<${http.request}>().headers.authorization),`,
          ')',
        ),
      ),
    ],
  );
}
