// src/sessions/dto/refresh-token.dto.ts: the body of POST /auth/refresh.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, decorator, property, tsFile } from '../_shared/ts.js';

export function refreshTokenDtoTemplate(): TypeScriptFile {
  return tsFile(
    'src/sessions/dto/refresh-token.dto.ts',
    [pkg('@nestjs/swagger', 'ApiProperty'), pkg('class-validator', 'IsString', 'Length')],
    [
      classOf({
        name: 'RefreshTokenDto',
        properties: [
          property('refreshToken', 'string', [
            decorator(
              'ApiProperty',
              "{ description: 'The refresh token of the last sign-in or refresh' }",
            ),
            decorator('IsString'),
            decorator('Length', '1', '200'),
          ]),
        ],
      }),
    ],
  );
}
