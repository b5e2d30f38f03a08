// src/config/environment.ts: the environment variables the app reads, checked once at start-up.
import type { TypeScriptFile } from '../../src/generator/generated-file.js';
import type { ProjectOptions } from '../../src/generator/options.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, decorator, functionOf, property, tsFile } from '../_shared/ts.js';

const secret = (name: string) =>
  property(name, 'string', [decorator('IsString'), decorator('MinLength', '32')]);

/** Pending migrations run at start-up unless this says `false` (then: npm run migration:run). */
const migrationsRun = property(
  'MIGRATIONS_RUN',
  "'true' | 'false'",
  [decorator('IsIn', "['true', 'false']")],
  { initializer: "'true'" },
);

function databaseProperties(options: ProjectOptions) {
  switch (options.database) {
    case 'sqlite':
      return [
        property('DATABASE_PATH', 'string', [decorator('IsString'), decorator('IsNotEmpty')], {
          initializer: `'.data/${options.name.split('/').pop()}.sqlite'`,
        }),
        migrationsRun,
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
      ];
  }
}

export function environmentTemplate(options: ProjectOptions): TypeScriptFile {
  const validators = ['IsIn', 'IsInt', 'IsString', 'Max', 'Min', 'MinLength', 'validateSync'];
  if (options.auth || options.database !== 'sqlite') validators.push('Matches');
  if (options.database === 'sqlite') validators.push('IsNotEmpty');
  if (options.database === 'mongodb') validators.push('IsOptional');
  return tsFile(
    'src/config/environment.ts',
    [
      pkg('class-transformer', 'plainToInstance', 'Type'),
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
            { initializer: "'development'" },
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
                  { initializer: "'7d'" },
                ),
              ]
            : []),
          ...databaseProperties(options),
        ],
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
          'if (problems.length > 0) {',
          "  throw new Error(`Invalid environment: ${[...new Set(problems)].join('; ')}. Set it in .env (see .env.example).`);",
          '}',
          'return environment;',
        ),
      }),
    ],
  );
}
