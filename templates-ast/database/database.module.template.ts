// src/database/database.module.ts: the connection to the project's database, configured from the environment.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, decorator, functionOf, injected, tsFile } from '../_shared/ts.js';
import { DATABASE_OPTIONS, databaseVariable } from './data-source.template.js';
import { cachesLists, LIST_CACHE } from '../common/list-cache.template.js';
import { SEARCH_TIMEOUT } from './search-bound.template.js';

const config = 'config: ConfigService<Environment, true>';
const SET_SEARCH_TIMEOUT = "setSearchTimeout(config.get('SEARCH_TIMEOUT_MS', { infer: true }));";

function typeormFactory(options: ProjectOptions): string[] {
  const settings = [
    `...databaseOptions(config.get('${databaseVariable(options.database)}', { infer: true })),`,
    'autoLoadEntities: true,',
    "migrationsRun: config.get('MIGRATIONS_RUN', { infer: true }) === 'true',",
    '// At LOG_LEVEL=trace every statement is logged, to see what a route costs.',
    "...(config.get('LOG_LEVEL', { infer: true }) === 'trace'",
    "  ? { logging: ['query' as const], logger: new StatementLogger() }",
    '  : {}),',
  ];
  return [
    `useFactory: (${config}): TypeOrmModuleOptions => {`,
    ...(cachesLists(options.database)
      ? ["  setListCachePages(config.get('LIST_CACHE_PAGES', { infer: true }));"]
      : []),
    `  ${SET_SEARCH_TIMEOUT}`,
    '  return {',
    ...settings,
    '  };',
    '},',
  ];
}

export function databaseModuleTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const imports = [
    pkg('@nestjs/common', 'Module'),
    pkg('@nestjs/config', 'ConfigService'),
    { from: 'src/config/environment.ts', types: ['Environment'] },
    ...(mongo
      ? [
          pkgTypes('@nestjs/common', 'OnApplicationBootstrap'),
          pkg('node:fs/promises', 'mkdir'),
          pkg('@nestjs/mongoose', 'InjectConnection', 'MongooseModule'),
          pkgTypes('mongoose', 'Connection'),
        ]
      : [
          pkg('@nestjs/common', 'Logger'),
          pkg('@nestjs/typeorm', 'TypeOrmModule'),
          pkgTypes('@nestjs/typeorm', 'TypeOrmModuleOptions'),
        ]),
    ...(mongo ? [] : [{ from: DATABASE_OPTIONS, named: ['databaseOptions'] }]),
    ...(cachesLists(options.database) ? [{ from: LIST_CACHE, named: ['setListCachePages'] }] : []),
    { from: SEARCH_TIMEOUT, named: ['setSearchTimeout'] },
  ];
  const root = mongo
    ? [
        'MongooseModule.forRootAsync({',
        '  inject: [ConfigService],',
        `  useFactory: async (${config}) => {`,
        `    ${SET_SEARCH_TIMEOUT}`,
        '    return {',
        "      uri: config.get('MONGODB_URI', { infer: true }) ?? (await embeddedMongoUri(config.get('NODE_ENV', { infer: true }))),",
        "      // Mongoose's default, kept in production too: `q` needs the text indexes (see onApplicationBootstrap).",
        '      autoIndex: true,',
        '    };',
        '  },',
        '})',
      ]
    : [
        'TypeOrmModule.forRootAsync({',
        '  inject: [ConfigService],',
        ...typeormFactory(options),
        '})',
      ];
  return tsFile(databaseModulePath, imports, [
    ...(mongo ? [embeddedMongo()] : [statementLogger()]),
    classOf({
      name: 'DatabaseModule',
      decorators: [decorator('Module', code('{', '  imports: [', ...root, '  ],', '}'))],
      ...(mongo ? INDEXES_BUILT : {}),
    }),
  ]);
}

const databaseModulePath = 'src/database/database.module.ts';

/**
 * Mongoose builds each schema's indexes in the background and only emits an event when one fails;
 * waiting for them keeps the server from answering searches that no text index serves yet.
 */
const INDEXES_BUILT = {
  implements: ['OnApplicationBootstrap'],
  ctors: [{ parameters: [injected('connection', 'Connection', [decorator('InjectConnection')])] }],
  methods: [
    {
      name: 'onApplicationBootstrap',
      docs: [
        'The server listens once every schema has its indexes (`q` needs the text indexes); an index',
        'that cannot be built, such as a changed text index (drop the old one), stops the start-up.',
      ],
      isAsync: true,
      returnType: 'Promise<void>',
      statements: code(
        'await Promise.all(this.connection.modelNames().map((name: string) => this.connection.model(name).init()));',
      ),
    },
  ],
};

function embeddedMongo() {
  return functionOf({
    name: 'embeddedMongoUri',
    isExported: false,
    isAsync: true,
    docs: [
      'Without MONGODB_URI, development runs its own mongod (mongodb-memory-server downloads it once)',
      'and keeps the data in .data/mongodb; elsewhere a missing MONGODB_URI is an error.',
    ],
    parameters: [{ name: 'mode', type: 'string' }],
    returnType: 'Promise<string>',
    statements: code(
      "if (mode !== 'development') {",
      "  console.error('MONGODB_URI is not set: set it in .env');",
      '  process.exit(1);',
      '}',
      "const { MongoMemoryServer } = await import('mongodb-memory-server');",
      "const dbPath = '.data/mongodb';",
      'await mkdir(dbPath, { recursive: true });',
      'let server;',
      '// A failed start is said in one line below; mongodb-memory-server would warn with its whole stack.',
      'const warn = console.warn;',
      'console.warn = () => undefined;',
      'try {',
      "  server = await MongoMemoryServer.create({ instance: { dbPath, storageEngine: 'wiredTiger' } });",
      '} catch (error) {',
      '  const reason = (error instanceof Error ? error.message : String(error)).split(/\\r?\\n/)[0];',
      '  console.error(`Cannot start an embedded mongod (${reason}): set MONGODB_URI in .env to a running MongoDB`);',
      '  process.exit(1);',
      '} finally {',
      '  console.warn = warn;',
      '}',
      'return server.getUri();',
    ),
  });
}

function statementLogger() {
  const method = (name: string, parameters: string[], line: string) => ({
    name,
    parameters: parameters.map((parameter) => {
      const [parameterName = '', type = ''] = parameter.split(': ');
      return { name: parameterName, type };
    }),
    returnType: 'void',
    statements: code(line),
  });
  return classOf({
    name: 'StatementLogger',
    isExported: false,
    docs: [
      "TypeORM's Logger, through Nest's: statements without their parameters, which can hold password",
      'hashes and tokens.',
    ],
    properties: [
      {
        name: 'logger',
        scope: Scope.Private,
        isReadonly: true,
        initializer: "new Logger('SQL')",
      },
    ],
    methods: [
      method('logQuery', ['query: string'], 'this.logger.log(query);'),
      method(
        'logQueryError',
        ['error: string | Error', 'query: string'],
        'this.logger.error(`${error instanceof Error ? error.message : error} in ${query}`);',
      ),
      method(
        'logQuerySlow',
        ['time: number', 'query: string'],
        'this.logger.warn(`${time} ms: ${query}`);',
      ),
      method('logSchemaBuild', ['message: string'], 'this.logger.debug(message);'),
      method('logMigration', ['message: string'], 'this.logger.log(message);'),
      method(
        'log',
        ["level: 'log' | 'info' | 'warn'", 'message: unknown'],
        "this.logger[level === 'warn' ? 'warn' : 'log'](typeof message === 'string' ? message : JSON.stringify(message));",
      ),
    ],
  });
}
