// client/: the typed fetch client of the API (openapi-fetch), typed by client/schema.d.ts, which
// `npm run client` writes from the OpenAPI document (openapi-typescript) and then type-checks with this folder.
import type { JsonFile, TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { code, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';

/** Written by `npm run client`; the client's files import it. */
export const CLIENT_SCHEMA = 'client/schema.d.ts';

export function clientFiles(options: ProjectOptions): (TypeScriptFile | JsonFile)[] {
  return [clientIndexTemplate(), clientExampleTemplate(options), clientTsconfigTemplate()];
}

function clientIndexTemplate(): TypeScriptFile {
  const strict = (method: string) => ({
    name: method.toUpperCase(),
    type: `StrictMethod<'${method}'>`,
  });
  return tsFile(
    'client/index.ts',
    [
      {
        from: 'openapi-fetch',
        default: 'createClient',
        types: ['Client', 'FetchResponse', 'MaybeOptionalInit'],
      },
      { from: './schema', types: ['paths'] },
    ],
    [
      {
        ...typeAlias('Method', "'get' | 'put' | 'post' | 'delete' | 'patch'", false),
        docs: ['The methods of HTTP a path may have, as openapi-typescript names them.'],
      },
      {
        ...typeAlias(
          'PathOf<M extends Method>',
          '{ [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths]',
          false,
        ),
        docs: ['The paths of the API that answer `M`.'],
      },
      {
        ...typeAlias(
          'OperationOf<P extends keyof paths, M extends Method>',
          'Extract<paths[P][M], Record<string, unknown>>',
          false,
        ),
        docs: ['The operation of `M` on `P`: its parameters, body and answers.'],
      },
      {
        ...typeAlias(
          'InitOf<P extends keyof paths, M extends Method>',
          'MaybeOptionalInit<paths[P], M>',
          false,
        ),
        docs: ['What a call of `M` on `P` takes: its parameters and body.'],
      },
      {
        ...typeAlias(
          'StrictMethod<M extends Method>',
          '<P extends PathOf<M>>(url: P, ...init: undefined extends InitOf<P, M> ? [InitOf<P, M>?] : [InitOf<P, M>]) => Promise<FetchResponse<OperationOf<P, M>, InitOf<P, M>, `${string}/${string}`>>',
          false,
        ),
        docs: [
          [
            "A call of one method. openapi-fetch's own infers its options from what is written, which lets",
            'an unknown field of a body or of the query through; here they are typed by the path, so an',
            'unknown one is a type error, as it is a 400 from the server.',
          ].join('\n'),
        ],
      },
      interfaceOf({
        name: 'ApiClient',
        docs: [
          'Every path, parameter, body and answer of the API, typed from its OpenAPI document: the',
          "client of openapi-fetch, with its calls' options checked field by field.",
        ],
        extends: ["Omit<Client<paths>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'>"],
        properties: ['get', 'put', 'post', 'delete', 'patch'].map(strict),
      }),
      {
        ...typeAlias(
          'JsonBody<Path extends keyof paths, Method extends keyof paths[Path]>',
          "paths[Path][Method] extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never",
        ),
        docs: [
          "A route's JSON body, to declare one before sending it: `const body: JsonBody<'/users', 'post'> = {...}`.",
        ],
      },
      functionOf({
        name: 'createApiClient',
        docs: [
          'A client of the API at `baseUrl`; `headers` go with every request.',
          "@example const api = createApiClient('http://localhost:3000'); const { data, error } = await api.GET('/health');",
        ],
        parameters: [
          { name: 'baseUrl', type: 'string' },
          { name: 'headers', type: 'Record<string, string>', initializer: '{}' },
        ],
        returnType: 'ApiClient',
        statements: code(
          '// `fields` and `sort` lists travel comma-separated (style form, not exploded), as the document says.',
          '// The same client; only the types of its calls are narrower.',
          "return createClient<paths>({ baseUrl, headers, querySerializer: { array: { style: 'form', explode: false } } }) as ApiClient;",
        ),
      }),
      functionOf({
        name: 'bearer',
        docs: ['The Authorization header of a token from POST /auth.'],
        parameters: [{ name: 'token', type: 'string' }],
        returnType: 'Record<string, string>',
        statements: code('return { Authorization: `Bearer ${token}` };'),
      }),
      functionOf({
        name: 'basic',
        docs: [
          'The Authorization header of an e-mail and password, for POST /auth (UTF-8, as browsers send it).',
        ],
        parameters: [
          { name: 'email', type: 'string' },
          { name: 'password', type: 'string' },
        ],
        returnType: 'Record<string, string>',
        statements: code(
          'const bytes = new TextEncoder().encode(`${email}:${password}`);',
          'return { Authorization: `Basic ${btoa(String.fromCharCode(...bytes))}` };',
        ),
      }),
    ],
  );
}

/**
 * What a TypeScript app does with the client, per the project's options. `example` runs against a
 * server (restsmith's tests run it); `refusedByTypes` is never called: each of its lines is something
 * the server refuses and the types refuse too, checked by `npm run client` (tsc, @ts-expect-error).
 */
function clientExampleTemplate(options: ProjectOptions): TypeScriptFile {
  const accounts = options.auth && hasPassword(options);
  // The document's paths carry the API root (`/api/users`); /health stays outside it.
  const root = options.apiRoot;
  const messageOf = functionOf({
    name: 'messageOf',
    isExported: false,
    docs: ["An error answer's message: one text, or one per refused field."],
    parameters: [{ name: 'message', type: 'string | string[]' }],
    returnType: 'string',
    statements: code("return Array.isArray(message) ? message.join('; ') : message;"),
  });
  if (!accounts) {
    return tsFile(
      'client/example.ts',
      [{ from: './index', named: ['createApiClient'] }],
      [
        functionOf({
          name: 'example',
          isAsync: true,
          docs: ['Asks the API whether it is up.'],
          parameters: [{ name: 'baseUrl', type: 'string' }],
          returnType: 'Promise<string>',
          statements: code(
            'const api = createApiClient(baseUrl);',
            "const { data, error } = await api.GET('/health');",
            'if (error) throw new Error(JSON.stringify(error));',
            "return data.status ?? 'unknown';",
          ),
        }),
      ],
    );
  }
  return tsFile(
    'client/example.ts',
    [
      {
        from: './index',
        named: ['basic', 'bearer', 'createApiClient'],
        types: ['ApiClient', 'JsonBody'],
      },
    ],
    [
      functionOf({
        name: 'example',
        isAsync: true,
        docs: [
          'Signs up, signs in and reads the profile; answers the e-mail `/users/me` gives back.',
          'The client key goes in the body (`access_token`), as an app sends it.',
        ],
        parameters: [
          { name: 'baseUrl', type: 'string' },
          { name: 'clientKey', type: 'string' },
        ],
        returnType: 'Promise<string>',
        statements: code(
          'const api = createApiClient(baseUrl);',
          'const email = `ada-${Date.now()}@example.com`;',
          "const password = 'correct horse battery staple';",
          '// `role` has a default: a sign-up need not send it. A declared body has every field checked.',
          `const body: JsonBody<'${root}/users', 'post'> = { email, password, access_token: clientKey };`,
          `const signedUp = await api.POST('${root}/users', { body });`,
          'if (signedUp.error) throw new Error(messageOf(signedUp.error.message));',
          `const signedIn = await api.POST('${root}/auth', {`,
          '  body: { access_token: clientKey },',
          '  headers: basic(email, password),',
          '});',
          'if (signedIn.error) throw new Error(messageOf(signedIn.error.message));',
          `const me = await api.GET('${root}/users/me', { headers: bearer(signedIn.data.token) });`,
          'if (me.error) throw new Error(messageOf(me.error.message));',
          'return me.data.email;',
        ),
      }),
      functionOf({
        name: 'refusedByTypes',
        docs: [
          'Never called: each request below is one the server refuses, and the types refuse it too',
          '(`npm run client` and test/client.e2e-spec.ts type-check this file).',
        ],
        parameters: [
          { name: 'api', type: 'ApiClient' },
          { name: 'clientKey', type: 'string' },
        ],
        returnType: 'void',
        statements: code(
          "const email = 'ada@example.com';",
          `const unknownField: JsonBody<'${root}/users', 'post'> = {`,
          '  email,',
          "  password: 'correct horse battery staple',",
          '  access_token: clientKey,',
          '  // @ts-expect-error: a field the server does not know is a 400.',
          "  nickname: 'Ada',",
          '};',
          `void api.POST('${root}/users', { body: unknownField });`,
          `void api.POST('${root}/users', {`,
          '  body: {',
          '    email,',
          "    password: 'correct horse battery staple',",
          '    access_token: clientKey,',
          '    // @ts-expect-error: written inline, too.',
          "    nickname: 'Ada',",
          '  },',
          '});',
          '// @ts-expect-error: a password is needed.',
          `void api.POST('${root}/users', { body: { email, access_token: clientKey } });`,
          '// @ts-expect-error: a route the API does not have.',
          `void api.GET('${root}/nope');`,
          ...(options.refreshTokens
            ? [
                '// @ts-expect-error: a refresh takes the refresh token.',
                `void api.POST('${root}/auth/refresh', { body: {} });`,
              ]
            : []),
          ...(options.passwordReset
            ? [
                '// @ts-expect-error: a reset link is opened by its token.',
                `void api.GET('${root}/password-resets/{token}', { params: { path: {} } });`,
              ]
            : []),
        ),
      }),
      functionOf({
        name: 'typedAnswers',
        isAsync: true,
        docs: [
          'Never called: what the answers are typed as, for the routes an app reads most.',
          '`fields=` lists answer partial entries; an error message is one text or one per field.',
        ],
        parameters: [
          { name: 'api', type: 'ApiClient' },
          { name: 'token', type: 'string' },
        ],
        returnType: 'Promise<void>',
        statements: code(
          `const listed = await api.GET('${root}/users', { headers: bearer(token), params: { query: { fields: ['name'] } } });`,
          'if (listed.error) {',
          '  const message: string | string[] = listed.error.message;',
          '  void message;',
          '  return;',
          '}',
          `const [first] = listed.data${options.envelope ? '.rows' : ''};`,
          '// @ts-expect-error: with `fields`, an entry has only what was asked for.',
          'const email: string = first.email;',
          'void email;',
          ...(options.refreshTokens
            ? [
                `const refreshed = await api.POST('${root}/auth/refresh', { body: { refreshToken: 'from POST /auth' } });`,
                'const next: string | undefined = refreshed.data?.refreshToken;',
                'void next;',
              ]
            : []),
          ...(options.passwordReset
            ? [
                `const reset = await api.GET('${root}/password-resets/{token}', { params: { path: { token: 'from the mail' } } });`,
                'const name: string | undefined = reset.data?.user.name;',
                'void name;',
              ]
            : []),
        ),
      }),
      messageOf,
    ],
  );
}

/** The client's own type-check (`tsc -p client`): the project's tsconfig leaves client/ out. */
function clientTsconfigTemplate(): JsonFile {
  return {
    kind: 'json',
    path: 'client/tsconfig.json',
    data: {
      extends: '../tsconfig.json',
      compilerOptions: {
        noEmit: true,
        incremental: false,
        rootDir: '.',
        types: ['node'],
        lib: ['ES2023', 'DOM'],
      },
      include: ['*.ts'],
      exclude: [],
    },
  };
}
