// src/auth/auth.service.ts: the one answer of every sign-in path: signed token(s) and the user.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile, viewProperty } from '../_shared/ts.js';
import { userModelPath, userRecordType } from '../users/user.entity.template.js';

const SIGN_IN_DOCS = [
  'The answer of every sign-in path (POST /auth and any other way in): call it for a user whose',
  'credentials were checked.',
];

/** The answer without sessions: one JWT with the user id in `sub` and the token version in `ver`. */
const tokenOnly = {
  ctor: [injected('users', 'UsersService'), injected('jwt', 'JwtService')],
  methods: [
    {
      name: 'signIn',
      isAsync: true,
      docs: [...SIGN_IN_DOCS, 'A JWT of `tokenClaims(user)`, expiring after JWT_EXPIRES_IN.'],
      parameters: [{ name: 'signedIn', type: 'AuthUser' }],
      returnType: 'Promise<SignInResult>',
      statements: code(
        'const user = await this.users.findOne(signedIn.id);',
        'return { token: await this.jwt.signAsync(tokenClaims(user)), user: toUserView(user) };',
      ),
    },
  ],
};

/** With --refresh-tokens: a session per sign-in, its id in the JWT (`sid`) and a refresh token. */
function withSessions(options: ProjectOptions) {
  const record = userRecordType(options);
  return {
    ctor: [
      injected('users', 'UsersService'),
      injected('jwt', 'JwtService'),
      injected('sessions', 'SessionsService'),
    ],
    methods: [
      {
        name: 'signIn',
        isAsync: true,
        docs: [
          ...SIGN_IN_DOCS,
          'Starts a session: a short JWT (JWT_EXPIRES_IN) naming it, and its first refresh token.',
        ],
        parameters: [{ name: 'signedIn', type: 'AuthUser' }],
        returnType: 'Promise<SignInResult>',
        statements: code(
          'const user = await this.users.findOne(signedIn.id);',
          'return this.answer(user, await this.sessions.start(user));',
        ),
      },
      {
        name: 'refresh',
        isAsync: true,
        docs: [
          'POST /auth/refresh: the next pair for a refresh token (see SessionsService.rotate).',
        ],
        parameters: [{ name: 'refreshToken', type: 'string' }],
        returnType: 'Promise<SignInResult>',
        statements: code(
          'const { user, session } = await this.sessions.rotate(refreshToken);',
          'return this.answer(user, session);',
        ),
      },
      {
        name: 'answer',
        isAsync: true,
        scope: Scope.Private,
        parameters: [
          { name: 'user', type: record },
          { name: 'session', type: 'IssuedSession' },
        ],
        returnType: 'Promise<SignInResult>',
        statements: code(
          'const token = await this.jwt.signAsync({ ...tokenClaims(user), sid: session.id });',
          'return { token, refreshToken: session.refreshToken, user: toUserView(user) };',
        ),
      },
    ],
  };
}

export function authServiceTemplate(options: ProjectOptions): TypeScriptFile {
  const body = options.refreshTokens ? withSessions(options) : tokenOnly;
  return tsFile(
    'src/auth/auth.service.ts',
    [
      pkg('@nestjs/common', 'Injectable'),
      pkg('@nestjs/jwt', 'JwtService'),
      pkg('@nestjs/swagger', 'ApiProperty'),
      use('currentUser', 'AuthUser'),
      { from: 'src/auth/jwt.strategy.ts', named: ['tokenClaims'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      { from: 'src/users/user.view.ts', named: ['UserView', 'toUserView'] },
      ...(options.refreshTokens
        ? [
            { from: userModelPath(options), types: [userRecordType(options)] },
            {
              from: 'src/sessions/sessions.service.ts',
              named: ['SessionsService'],
              types: ['IssuedSession'],
            },
          ]
        : []),
    ],
    [
      classOf({
        name: 'SignInResult',
        docs: ['The answer of a sign-in: a JWT to send as `Authorization: Bearer`, and the user.'],
        properties: [
          viewProperty('token', '{ type: String }'),
          ...(options.refreshTokens ? [viewProperty('refreshToken', '{ type: String }')] : []),
          viewProperty('user', '{ type: () => UserView }', 'UserView'),
        ],
      }),
      classOf({
        name: 'AuthService',
        decorators: [decorator('Injectable')],
        ctors: [{ parameters: body.ctor }],
        methods: body.methods,
      }),
    ],
  );
}
