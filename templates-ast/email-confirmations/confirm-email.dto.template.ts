// src/users/dto/confirm-email.dto.ts: what POST /users/confirm and /users/confirm/resend accept, and sign-up's `link`.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, decorator, property, tsFile } from '../_shared/ts.js';

/**
 * The optional `link` of sign-up and resend: where the client confirms, the token appended. Without
 * it the mail holds the token alone, for a client that asks the user to paste it.
 */
export const confirmationLinkProperty = () =>
  property(
    'link',
    'string',
    [
      decorator(
        'ApiPropertyOptional',
        "{ example: 'https://app.example.com/confirm-email/', description: 'The confirmation mail links to it with the token appended', maxLength: 500 }",
      ),
      decorator('IsOptional'),
      // require_tld: false lets http://localhost links through in development.
      decorator(
        'IsUrl',
        "{ protocols: ['http', 'https'], require_protocol: true, require_tld: false }",
        "{ message: 'link must be an http or https URL' }",
      ),
      decorator('MaxLength', '500'),
    ],
    { hasQuestionToken: true },
  );

export function confirmEmailDtoTemplate(): TypeScriptFile {
  return tsFile(
    'src/users/dto/confirm-email.dto.ts',
    [
      pkg('@nestjs/swagger', 'ApiProperty', 'ApiPropertyOptional'),
      pkg('class-transformer', 'Transform'),
      pkg(
        'class-validator',
        'IsEmail',
        'IsNotEmpty',
        'IsOptional',
        'IsString',
        'IsUrl',
        'MaxLength',
      ),
    ],
    [
      classOf({
        name: 'ConfirmEmailDto',
        properties: [
          property('token', 'string', [
            decorator('ApiProperty', "{ description: 'The token of the confirmation mail' }"),
            decorator('IsString'),
            decorator('IsNotEmpty'),
            decorator('MaxLength', '500'),
          ]),
        ],
      }),
      classOf({
        name: 'ResendConfirmationDto',
        properties: [
          property('email', 'string', [
            decorator('ApiProperty', "{ example: 'ada@example.com' }"),
            decorator(
              'Transform',
              "({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)",
            ),
            decorator('IsEmail'),
            decorator('MaxLength', '254'),
          ]),
          confirmationLinkProperty(),
        ],
      }),
    ],
  );
}
