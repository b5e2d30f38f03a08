// test/app.ts: what the generated e2e and database tests share: the app, the skip rule, signing users up.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function testAppTemplate(options: ProjectOptions): TypeScriptFile {
  const createdId = options.signInOnCreate ? 'created.body.user.id' : 'created.body.id';
  const appType = httpNames(options).app;
  return tsFile(
    'test/app.ts',
    [
      pkg('node:crypto', 'randomBytes'),
      pkg('@nestjs/testing', 'Test'),
      appTypeImport(options),
      ...(options.auth || options.apiRoot ? [{ from: 'supertest', default: 'request' }] : []),
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use(
        'appSetup',
        'configureApp',
        ...(options.http === 'fastify' ? ['createAdapter'] : []),
        ...(options.apiRoot ? ['API_ROOT'] : []),
      ),
      ...(options.auth && !hasPassword(options)
        ? [{ from: 'src/auth/auth.service.ts', named: ['AuthService'] }]
        : []),
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
        returnType: `Promise<${httpNames(options).app}>`,
        statements: code(
          'const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();',
          'const app = configureApp(',
          ...(options.http === 'fastify'
            ? [
                '  moduleRef.createNestApplication<NestFastifyApplication>(createAdapter(), { logger: false }),',
                ');',
                'await app.init();',
                '// supertest sends requests to the Node server: Fastify answers them once it is ready.',
                'await app.getHttpAdapter().getInstance().ready();',
              ]
            : [
                '  moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false }),',
                ');',
                'await app.init();',
              ]),
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
      ...(options.apiRoot ? [apiClient(appType)] : []),
      ...(options.auth
        ? hasPassword(options)
          ? authHelpers(appType, createdId, options.apiRoot !== '')
          : socialAuthHelpers(appType, createdId, options.apiRoot !== '')
        : []),
      ...(options.emailConfirmation ? [confirmEmailHelper(appType, options.apiRoot !== '')] : []),
    ],
  );
}

const apiClient = (appType: string) =>
  functionOf({
    name: 'api',
    docs: [
      "supertest for the routes under API_ROOT: `api(app).get('/users')` asks for GET /api/users.",
      'The tests name routes as the controllers do; /health, outside the root, takes `request`.',
    ],
    parameters: [{ name: 'app', type: appType }],
    statements: code(
      'const agent = request(app.getHttpServer());',
      'const under = (path: string): string => `${API_ROOT}${path}`;',
      'return {',
      '  get: (path: string) => agent.get(under(path)),',
      '  post: (path: string) => agent.post(under(path)),',
      '  put: (path: string) => agent.put(under(path)),',
      '  patch: (path: string) => agent.patch(under(path)),',
      '  delete: (path: string) => agent.delete(under(path)),',
      '  head: (path: string) => agent.head(under(path)),',
      '  options: (path: string) => agent.options(under(path)),',
      '};',
    ),
  });

/** --email-confirmation: what a user does with the mailed link, for tests of routes that need it. */
const confirmEmailHelper = (appType: string, underRoot: boolean) =>
  functionOf({
    name: 'confirmEmail',
    isAsync: true,
    docs: [
      "Confirms a user's e-mail as the mailed link would: a new token, then POST /users/confirm.",
    ],
    parameters: [
      { name: 'app', type: appType },
      { name: 'user', type: 'SignedUp' },
    ],
    returnType: 'Promise<void>',
    statements: code(
      'const record = await app.get(UsersService).findOne(user.id);',
      'const token = await app.get(EmailConfirmationsService).issue(record);',
      `await ${underRoot ? 'api(app)' : 'request(app.getHttpServer())'}.post('/users/confirm').send({ token }).expect(200);`,
    ),
  });

function authHelpers(appType: string, createdId: string, underRoot: boolean) {
  const client = underRoot ? 'api(app)' : 'request(server)';
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
        { name: 'app', type: appType },
        { name: 'email', type: 'string' },
        { name: 'role', type: "'user' | 'admin'", initializer: "'user'" },
      ],
      returnType: 'Promise<SignedUp>',
      statements: code(
        ...(underRoot ? [] : ['const server = app.getHttpServer();']),
        `const created = await ${client}`,
        "  .post('/users')",
        '  .send({ access_token: MASTER_KEY, email, password: PASSWORD, role })',
        '  .expect(201);',
        `const signedIn = await ${client}`,
        "  .post('/auth')",
        '  .auth(email, PASSWORD)',
        '  .send({ access_token: MASTER_KEY })',
        '  .expect(201);',
        `return { id: ${createdId}, email, password: PASSWORD, token: signedIn.body.token };`,
      ),
    }),
  ];
}

/**
 * Social only: no password to sign in with, so the helper takes the token from AuthService, the
 * way POST /auth/<provider> does once the provider vouched for the user.
 */
function socialAuthHelpers(appType: string, createdId: string, underRoot: boolean) {
  const client = underRoot ? 'api(app)' : 'request(app.getHttpServer())';
  return [
    interfaceOf({
      name: 'SignedUp',
      properties: ['id', 'email', 'token'].map((name) => ({ name, type: 'string' })),
    }),
    functionOf({
      name: 'signUp',
      isAsync: true,
      docs: ['Creates a user with the master key, then signs them in as their provider would.'],
      parameters: [
        { name: 'app', type: appType },
        { name: 'email', type: 'string' },
        { name: 'role', type: "'user' | 'admin'", initializer: "'user'" },
      ],
      returnType: 'Promise<SignedUp>',
      statements: code(
        `const created = await ${client}`,
        "  .post('/users')",
        '  .send({ access_token: MASTER_KEY, email, role })',
        '  .expect(201);',
        `const id: string = ${createdId};`,
        'const { token } = await app.get(AuthService).signIn({ id, role });',
        'return { id, email, token };',
      ),
    }),
  ];
}
