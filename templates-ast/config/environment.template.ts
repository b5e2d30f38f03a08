// src/config/environment.ts: the environment variables the app reads, checked once at start-up.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, decorator, functionOf, property, tsFile } from '../_shared/ts.js';
import { sendsMail } from '../mail/mail.template.js';
import { mailProperties, operationProperties, socialProperties } from './environment-features.js';
import { SEARCH_TIMEOUT_DEFAULT } from '../database/search-bound.template.js';
import { GRAPHQL_LIMITS } from '../graphql/graphql-limits-defaults.js';

const secret = (name: string) =>
  property(name, 'string', [decorator('IsString'), decorator('MinLength', '32')]);

/** How long a session lasts without a refresh (--refresh-tokens): each refresh starts it anew. */
const refreshTokenDays = property(
  'REFRESH_TOKEN_DAYS',
  'number',
  [
    decorator('Type', '() => Number'),
    decorator('IsInt'),
    decorator('Min', '1'),
    decorator('Max', '365'),
  ],
  { initializer: '30' },
);

/** Pending migrations run at start-up unless this says `false` (then: npm run migration:run). */
const migrationsRun = property(
  'MIGRATIONS_RUN',
  "'true' | 'false'",
  [decorator('IsIn', "['true', 'false']")],
  { initializer: "'true'" },
);

/** List pages kept per resource until the database changes (src/common/list-cache.ts); 0: none. */
const listCachePages = property(
  'LIST_CACHE_PAGES',
  'number',
  [
    decorator('Type', '() => Number'),
    decorator('IsInt'),
    decorator('Min', '0'),
    decorator('Max', '10000'),
  ],
  { initializer: '100' },
);

/** What one `q` may cost the database (src/common/search-timeout.ts): past it, a 503. */
const searchTimeoutMs = property(
  'SEARCH_TIMEOUT_MS',
  'number',
  [
    decorator('Type', '() => Number'),
    decorator('IsInt'),
    decorator('Min', '1'),
    decorator('Max', '60000'),
  ],
  { initializer: String(SEARCH_TIMEOUT_DEFAULT) },
);

function databaseProperties(options: ProjectOptions) {
  switch (options.database) {
    case 'sqlite':
      return [
        property('DATABASE_PATH', 'string', [decorator('IsString'), decorator('IsNotEmpty')], {
          initializer: `'.data/${options.name.split('/').pop()}.sqlite'`,
        }),
        migrationsRun,
        listCachePages,
        searchTimeoutMs,
      ];
    case 'postgres':
      return [
        property('DATABASE_URL', 'string', [
          decorator(
            'Matches',
            '/^postgres(ql)?:\\/\\/\\S+$/',
            "{ message: 'DATABASE_URL must be a postgres:// URL' }",
          ),
        ]),
        migrationsRun,
        listCachePages,
        searchTimeoutMs,
      ];
    case 'mysql':
      return [
        property('DATABASE_URL', 'string', [
          decorator(
            'Matches',
            '/^(mysql|mariadb):\\/\\/\\S+$/',
            "{ message: 'DATABASE_URL must be a mysql:// or mariadb:// URL' }",
          ),
        ]),
        migrationsRun,
        searchTimeoutMs,
      ];
    case 'mongodb':
      return [
        property(
          'MONGODB_URI',
          'string',
          [
            decorator('IsOptional'),
            decorator(
              'Matches',
              '/^mongodb(\\+srv)?:\\/\\/\\S+$/',
              "{ message: 'MONGODB_URI must be a mongodb:// URL' }",
            ),
          ],
          { hasQuestionToken: true },
        ),
        searchTimeoutMs,
      ];
  }
}

/** Who may call from a browser, proxies in front, the address clients know (issue 10.8). */
const httpProperties = () => [
  property(
    'CORS_ORIGINS',
    'string',
    [
      decorator('IsOptional'),
      decorator(
        'Matches',
        '/^https?:\\/\\/[^\\s,]+(\\s*,\\s*https?:\\/\\/[^\\s,]+)*$/',
        "{ message: 'CORS_ORIGINS must be a comma list of origins such as https://app.example.com' }",
      ),
    ],
    { hasQuestionToken: true },
  ),
  property(
    'TRUST_PROXY',
    'string',
    [
      decorator(
        'Matches',
        '/^(true|false|\\d+|[\\w.:/]+(\\s*,\\s*[\\w.:/]+)*)$/',
        "{ message: 'TRUST_PROXY must be true, false, a number of proxies or a comma list of addresses' }",
      ),
    ],
    { initializer: "'false'" },
  ),
  property(
    'PUBLIC_URL',
    'string',
    [
      decorator('IsOptional'),
      decorator(
        'Matches',
        '/^https?:\\/\\/[^\\s?#]+$/',
        "{ message: 'PUBLIC_URL must be an http(s) URL without query, such as https://api.example.com' }",
      ),
    ],
    { hasQuestionToken: true },
  ),
];
/** What one GraphQL query may ask for (src/graphql/graphql-limits.ts): past it, a 400 naming the limit. */
function graphqlProperties(options: ProjectOptions) {
  if (!options.graphql) return [];
  const limit = (name: string, min: number, max: number, initial: number) =>
    property(
      name,
      'number',
      [
        decorator('Type', '() => Number'),
        decorator('IsInt'),
        decorator('Min', String(min)),
        decorator('Max', String(max)),
      ],
      { initializer: String(initial) },
    );
  return [
    limit('GRAPHQL_MAX_DEPTH', 1, 100, GRAPHQL_LIMITS.depth),
    limit('GRAPHQL_MAX_ALIASES', 0, 1000, GRAPHQL_LIMITS.aliases),
    limit('GRAPHQL_MAX_COMPLEXITY', 1, 1_000_000, GRAPHQL_LIMITS.complexity),
  ];
}

/** The rate limits (src/common/rate-limit.ts): a count per window of seconds, and Redis to share them. */
function rateLimitProperties(options: ProjectOptions) {
  const count = (name: string, initial: number) =>
    property(
      name,
      'number',
      [decorator('Type', '() => Number'), decorator('IsInt'), decorator('Min', '1')],
      { initializer: String(initial) },
    );
  return [
    count('REQUEST_TIMEOUT', 30),
    count('THROTTLE_TTL', 60),
    count('THROTTLE_LIMIT', 300),
    ...(options.auth
      ? [
          count('THROTTLE_AUTH_TTL', 900),
          count('THROTTLE_AUTH_LIMIT', 30),
          count('THROTTLE_AUTH_ACCOUNT_LIMIT', 10),
        ]
      : []),
  ];
}

export function environmentTemplate(options: ProjectOptions): TypeScriptFile {
  const validators = ['IsBoolean', 'IsIn', 'IsInt', 'IsOptional', 'IsString', 'Matches', 'Max'];
  validators.push('Min', 'MinLength', 'validateSync');
  if (options.database === 'sqlite' || sendsMail(options)) validators.push('IsNotEmpty');
  return tsFile(
    'src/config/environment.ts',
    [
      pkg('class-transformer', 'plainToInstance', 'Transform', 'Type'),
      pkg('class-validator', ...validators),
      pkgTypes('class-validator', 'ValidationError'),
    ],
    [
      classOf({
        name: 'Environment',
        properties: [
          property(
            'NODE_ENV',
            "'development' | 'production' | 'test'",
            [decorator('IsIn', "['development', 'production', 'test']")],
            {
              initializer: "'production'",
              docs: [
                'A deployment that forgets NODE_ENV runs as production: no /docs, no embedded database.',
              ],
            },
          ),
          property(
            'PORT',
            'number',
            [
              decorator('Type', '() => Number'),
              decorator('IsInt'),
              decorator('Min', '0'),
              decorator('Max', '65535'),
            ],
            { initializer: '9000' },
          ),
          secret('MASTER_KEY'),
          ...(options.auth
            ? [
                secret('CLIENT_KEY'),
                secret('JWT_SECRET'),
                property(
                  'JWT_EXPIRES_IN',
                  'string',
                  [
                    decorator(
                      'Matches',
                      '/^\\d+\\s*(s|m|h|d|w|y)?$/',
                      "{ message: 'JWT_EXPIRES_IN must be a duration such as 3600, 12h or 7d' }",
                    ),
                  ],
                  { initializer: options.refreshTokens ? "'15m'" : "'7d'" },
                ),
                ...(options.refreshTokens ? [refreshTokenDays] : []),
              ]
            : []),
          ...databaseProperties(options),
          ...httpProperties(),
          ...rateLimitProperties(options),
          ...graphqlProperties(options),
          ...mailProperties(options),
          ...socialProperties(options),
          ...operationProperties(),
        ],
      }),
      functionOf({
        name: 'productionProblems',
        isExported: false,
        docs: [
          'What production refuses that development allows: a secret that is easy to guess or used twice,',
          'and TRUST_PROXY=true, which lets any client choose its address (and its rate-limit key) through',
          'X-Forwarded-For.',
        ],
        parameters: [{ name: 'environment', type: 'Environment' }],
        returnType: 'string[]',
        statements: code(
          options.auth
            ? 'const secrets = { MASTER_KEY: environment.MASTER_KEY, CLIENT_KEY: environment.CLIENT_KEY, JWT_SECRET: environment.JWT_SECRET };'
            : 'const secrets = { MASTER_KEY: environment.MASTER_KEY };',
          'const problems = Object.entries(secrets).flatMap(([name, value]) =>',
          '  weakSecret(value) ? [`${name} is easy to guess: use a random one, such as the output of openssl rand -base64 32`] : [],',
          ');',
          'const names = Object.keys(secrets) as (keyof typeof secrets)[];',
          'for (const [index, name] of names.entries()) {',
          '  const twin = names.slice(index + 1).find((other) => secrets[other] === secrets[name]);',
          '  if (twin) problems.push(`${twin} must differ from ${name}`);',
          '}',
          "if (environment.TRUST_PROXY.trim() === 'true') {",
          "  problems.push('TRUST_PROXY=true trusts every hop, so X-Forwarded-For picks the client address: give the number of proxies (1) or their addresses');",
          '}',
          'return problems;',
        ),
      }),
      functionOf({
        name: 'weakSecret',
        isExported: false,
        docs: ['Fewer than 12 different characters, or one piece repeated (`abcabcabc…`).'],
        parameters: [{ name: 'value', type: 'string' }],
        returnType: 'boolean',
        statements: code('return new Set(value).size < 12 || /^(.+?)\\1+$/s.test(value);'),
      }),
      functionOf({
        name: 'validateEnvironment',
        docs: [
          'For ConfigModule: stops the start with a message naming every missing or bad variable.',
        ],
        parameters: [{ name: 'variables', type: 'Record<string, unknown>' }],
        returnType: 'Environment',
        statements: code(
          'const environment = plainToInstance(Environment, variables);',
          'const problems = validateSync(environment).flatMap((error: ValidationError) =>',
          '  Object.values(error.constraints ?? {}).map((reason) =>',
          '    error.value === undefined ? `${error.property} is not set` : reason,',
          '  ),',
          ');',
          "if (problems.length === 0 && environment.NODE_ENV === 'production') problems.push(...productionProblems(environment));",
          'if (problems.length > 0) {',
          "  throw new Error(`Invalid environment: ${[...new Set(problems)].join('; ')}. Set it in .env (see .env.example).`);",
          '}',
          'return environment;',
        ),
      }),
    ],
  );
}
