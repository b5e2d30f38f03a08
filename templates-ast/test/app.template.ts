// test/app.ts: what the generated e2e and database tests share: the app, the skip rule, signing users up.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function testAppTemplate(options: ProjectOptions): TypeScriptFile {
  const createdId = options.signInOnCreate ? 'created.body.user.id' : 'created.body.id';
  return tsFile(
    'test/app.ts',
    [
      pkg('node:crypto', 'randomBytes'),
      pkg('@nestjs/testing', 'Test'),
      pkgTypes('@nestjs/platform-express', 'NestExpressApplication'),
      ...(options.auth ? [{ from: 'supertest', default: 'request' }] : []),
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use('appSetup', 'configureApp'),
      ...(options.emailConfirmation
        ? [
            { from: 'src/users/users.service.ts', named: ['UsersService'] },
            {
              from: 'src/users/email-confirmations.service.ts',
              named: ['EmailConfirmationsService'],
            },
          ]
        : []),
    ],
    [
      constant('MASTER_KEY', "process.env.MASTER_KEY ?? ''"),
      constant('databaseSkipReason', 'process.env.TEST_DATABASE_SKIP', {
        docs: [
          'Why the database tests cannot run here (see test/global-setup.ts), if they cannot.',
        ],
      }),
      functionOf({
        name: 'describeWithDatabase',
        docs: [
          'A describe block that needs the database: skipped, with the reason in its name, when there is none.',
        ],
        parameters: [
          { name: 'name', type: 'string' },
          { name: 'tests', type: '() => void' },
        ],
        returnType: 'void',
        statements: code(
          'if (databaseSkipReason) describe.skip(`${name} (skipped: ${databaseSkipReason})`, tests);',
          'else describe(name, tests);',
        ),
      }),
      functionOf({
        name: 'createTestApp',
        isAsync: true,
        docs: ['The whole app, set up as src/main.ts sets it up.'],
        returnType: 'Promise<NestExpressApplication>',
        statements: code(
          'const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();',
          'const app = configureApp(',
          '  moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false }),',
          ');',
          'await app.init();',
          'return app;',
        ),
      }),
      functionOf({
        name: 'newRun',
        docs: [
          'A tag for the e-mails of one test run, so that runs share a database without clearing it.',
        ],
        returnType: 'string',
        statements: code("return randomBytes(5).toString('hex');"),
      }),
      ...(options.auth ? authHelpers(createdId) : []),
      ...(options.emailConfirmation ? [confirmEmailHelper] : []),
    ],
  );
}

/** --email-confirmation: what a user does with the mailed link, for tests of routes that need it. */
const confirmEmailHelper = functionOf({
  name: 'confirmEmail',
  isAsync: true,
  docs: [
    "Confirms a user's e-mail as the mailed link would: a new token, then POST /users/confirm.",
  ],
  parameters: [
    { name: 'app', type: 'NestExpressApplication' },
    { name: 'user', type: 'SignedUp' },
  ],
  returnType: 'Promise<void>',
  statements: code(
    'const record = await app.get(UsersService).findOne(user.id);',
    'const token = await app.get(EmailConfirmationsService).issue(record);',
    "await request(app.getHttpServer()).post('/users/confirm').send({ token }).expect(200);",
  ),
});

function authHelpers(createdId: string) {
  return [
    interfaceOf({
      name: 'SignedUp',
      properties: ['id', 'email', 'password', 'token'].map((name) => ({ name, type: 'string' })),
    }),
    constant('PASSWORD', "'correct horse'"),
    functionOf({
      name: 'signUp',
      isAsync: true,
      docs: ['Creates a user with the master key, then signs them in.'],
      parameters: [
        { name: 'app', type: 'NestExpressApplication' },
        { name: 'email', type: 'string' },
        { name: 'role', type: "'user' | 'admin'", initializer: "'user'" },
      ],
      returnType: 'Promise<SignedUp>',
      statements: code(
        'const server = app.getHttpServer();',
        'const created = await request(server)',
        "  .post('/users')",
        '  .send({ access_token: MASTER_KEY, email, password: PASSWORD, role })',
        '  .expect(201);',
        'const signedIn = await request(server)',
        "  .post('/auth')",
        '  .auth(email, PASSWORD)',
        '  .send({ access_token: MASTER_KEY })',
        '  .expect(201);',
        `return { id: ${createdId}, email, password: PASSWORD, token: signedIn.body.token };`,
      ),
    }),
  ];
}
