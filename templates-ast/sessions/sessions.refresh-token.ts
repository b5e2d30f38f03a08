// src/sessions/sessions.service.ts's refresh token: `<session id>.<nonce>.<HMAC>`, stored hashed, compared in constant time.
import { code, constant, functionOf, interfaceOf, type Statement } from '../_shared/ts.js';

/** What the file declares before SessionsService; `sessionId` is the database's id pattern. */
export const refreshTokenPieces = (sessionId: string): Statement[] => [
  interfaceOf({
    name: 'IssuedSession',
    properties: [
      { name: 'id', type: 'string', docs: ['Goes into the access token as `sid`.'] },
      {
        name: 'refreshToken',
        type: 'string',
        docs: [
          '`<session id>.<32 random bytes>.<their HMAC>`, shown to the client once and stored hashed.',
        ],
      },
    ],
  }),
  constant('SESSION_ID', sessionId, { isExported: false }),
  functionOf({
    name: 'hashSecret',
    isExported: false,
    parameters: [{ name: 'secret', type: 'string' }],
    returnType: 'string',
    statements: code("return createHash('sha256').update(secret).digest('hex');"),
  }),
  functionOf({
    name: 'sameHash',
    isExported: false,
    docs: ['Compared in constant time, so the time taken tells nothing about the stored hash.'],
    parameters: [
      { name: 'stored', type: 'string' },
      { name: 'given', type: 'string' },
    ],
    returnType: 'boolean',
    statements: code(
      'return stored.length === given.length && timingSafeEqual(Buffer.from(stored), Buffer.from(given));',
    ),
  }),
  functionOf({
    name: 'invalidToken',
    isExported: false,
    returnType: 'UnauthorizedException',
    statements: code(
      "return new UnauthorizedException('The refresh token is unknown, expired or ended: sign in again');",
    ),
  }),
];
