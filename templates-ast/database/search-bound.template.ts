// The bound on what one `q` may cost (issue 30.1): src/common/search-timeout.ts (every database: the
// setting and the 503 with Retry-After), src/database/search-query.ts (a SQL project's searched
// statements, run under the database's own statement timeout) and, for SQLite, the worker thread that
// runs them off the event loop (src/database/search-worker.ts).
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database, ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export const SEARCH_TIMEOUT = 'src/common/search-timeout.ts';
export const SEARCH_QUERY = 'src/database/search-query.ts';
const SEARCH_WORKER = 'src/database/search-worker.ts';

/** The default of SEARCH_TIMEOUT_MS: what one search may cost the database, in milliseconds. */
export const SEARCH_TIMEOUT_DEFAULT = 100;

export function searchBoundFiles(options: ProjectOptions): TypeScriptFile[] {
  const { database } = options;
  return [
    searchTimeoutTemplate(),
    ...(database === 'mongodb' ? [] : [searchQueryTemplate(database)]),
    ...(database === 'sqlite' ? [searchWorkerTemplate()] : []),
  ];
}

function searchTimeoutTemplate(): TypeScriptFile {
  return tsFile(
    SEARCH_TIMEOUT,
    [pkg('@nestjs/common', 'HttpException')],
    [
      constant('settings', `{ milliseconds: ${SEARCH_TIMEOUT_DEFAULT} }`, {
        isExported: false,
        docs: ['SEARCH_TIMEOUT_MS in .env.'],
      }),
      functionOf({
        name: 'setSearchTimeout',
        docs: ['What one `q` may cost the database (SEARCH_TIMEOUT_MS), in milliseconds.'],
        parameters: [{ name: 'milliseconds', type: 'number' }],
        returnType: 'void',
        statements: code('settings.milliseconds = milliseconds;'),
      }),
      functionOf({
        name: 'searchTimeout',
        docs: ['SEARCH_TIMEOUT_MS: the longest a search statement runs before it is stopped.'],
        returnType: 'number',
        statements: code('return settings.milliseconds;'),
      }),
      classOf({
        name: 'SearchTimeoutException',
        extends: 'HttpException',
        docs: [
          'A search (or a filter that scans) stopped at SEARCH_TIMEOUT_MS, or refused while an earlier one',
          'still runs: 503 with',
          'Retry-After (AllExceptionsFilter sets it), whatever the stored rows or the text searched.',
        ],
        properties: [
          {
            name: 'retryAfter',
            isReadonly: true,
            initializer: '1',
            docs: ['Seconds, for the Retry-After header.'],
          },
        ],
        ctors: [
          {
            statements: code(
              'super(',
              '  {',
              '    statusCode: 503,',
              '    message: `This list query costs more than the server allows (${settings.milliseconds} ms): search for a longer or rarer text, filter by a field with an index, or try again`,',
              "    error: 'Service Unavailable',",
              '  },',
              '  503,',
              ');',
            ),
          },
        ],
      }),
    ],
  );
}

const RUN_DOCS: Record<Exclude<Database, 'mongodb'>, string[]> = {
  postgres: [
    'A searched statement in a transaction of its own with `statement_timeout` set to SEARCH_TIMEOUT_MS',
    '(past it PostgreSQL cancels the statement: a 503) and sequential scans off (SET LOCAL: both end with',
    'the transaction, so no other statement of the connection has them; the three go in one round',
    "trip, see `bounded`), so that the planner takes the columns' pg_trgm indexes even where it",
    'guesses a scan cheaper: a scan reads every row, and a stored row built against the index costs',
    'the same either way, while the index bounds the rest.',
    '',
    'A `fallback` (the same statement, its matches MATERIALIZED: read through the trigram indexes;',
    'made only when it is needed)',
    "takes over when `sql`, a page the planner may read by walking the sort's index and stopping at",
    'its last entry, runs past a tenth of the bound: such a walk reads every row until the page is',
    'full, which the planner cannot cost when matches are few among the rows walked first, when many',
    'rows share a sort key (a bulk import) or when rows are huge.',
  ],
  mysql: [
    "A searched statement under the server's own limit: `SET STATEMENT max_statement_time` on MariaDB,",
    'the `MAX_EXECUTION_TIME` hint on MySQL, at SEARCH_TIMEOUT_MS. Past it the server stops the',
    'statement: a 503.',
  ],
  sqlite: [
    'A searched statement, run by a worker thread on a read-only connection of its own, so that a',
    "search never holds the event loop (better-sqlite3 runs statements on the caller's thread and",
    'SQLite has no timeout of its own). A search that runs past SEARCH_TIMEOUT_MS (counted from when',
    'the worker starts it: like statement_timeout on PostgreSQL, neither its wait behind other searches',
    "nor the worker's start counts) is a 503, the searches waiting behind it too, and the worker is",
    'ended (a new one takes the next search); while an ended one still finishes its statement,',
    'searches are refused at once rather than stacked. A database in memory (the tests) has no file',
    'to share: its searches run here.',
  ],
};

/** `searchQuery(repository, sql, parameters)` of one database: its statements, its docs. */
function searchQuery(database: Exclude<Database, 'mongodb'>, ...statements: string[]) {
  return functionOf({
    name: 'searchQuery',
    isAsync: true,
    docs: RUN_DOCS[database],
    parameters: [
      { name: 'repository', type: 'Repository<ObjectLiteral>' },
      { name: 'sql', type: 'string' },
      { name: 'parameters', type: 'unknown[]' },
      ...(database === 'postgres'
        ? [{ name: 'fallback', type: '() => string', hasQuestionToken: true }]
        : []),
    ],
    returnType: 'Promise<Record<string, unknown>[]>',
    statements: code(...statements),
  });
}

function searchQueryTemplate(database: Exclude<Database, 'mongodb'>): TypeScriptFile {
  const common = [
    pkgTypes('typeorm', 'ObjectLiteral', 'Repository'),
    { from: SEARCH_TIMEOUT, named: ['SearchTimeoutException', 'searchTimeout'] },
  ];
  if (database === 'postgres') {
    return tsFile(
      SEARCH_QUERY,
      [...common, pkg('typeorm', 'QueryFailedError'), pkgTypes('typeorm', 'QueryRunner')],
      [
        interfaceOf({
          name: 'Postgres',
          isExported: false,
          docs: [
            "What a search uses of node-postgres, the library TypeORM's driver loaded (`driver.postgres`).",
          ],
          properties: [
            { name: 'escapeLiteral', type: '(text: string) => string' },
            {
              name: 'utils',
              type: '{ prepareValue: (value: unknown) => string | Buffer | null }',
              docs: ['A value as node-postgres sends it: text, bytes (a Buffer) or NULL.'],
            },
          ],
        }),
        interfaceOf({
          name: 'Client',
          isExported: false,
          docs: [
            "A connection of TypeORM's pool: a query of several statements answers one result each.",
          ],
          properties: [
            {
              name: 'query',
              type: '(text: string) => Promise<{ rows: Record<string, unknown>[] }[]>',
            },
          ],
        }),
        searchQuery(
          database,
          'const bound = searchTimeout();',
          '// With a fallback, `sql` may walk an index that the planner costs without knowing the rows',
          '// (ties in the sort, huge rows): it gets a tenth of the bound, the fallback the rest.',
          'const walk = fallback === undefined ? bound : Math.max(1, Math.floor(bound / 10));',
          'const runner = repository.manager.connection.createQueryRunner();',
          'try {',
          '  try {',
          '    return await bounded(runner, walk, sql, parameters);',
          '  } catch (error) {',
          '    if (fallback === undefined || !cancelled(error)) throw error;',
          '    // The walk ran out of its time: the fallback has the rest.',
          '    return await bounded(runner, Math.max(1, bound - walk), fallback(), parameters);',
          '  }',
          '} catch (error) {',
          '  if (cancelled(error)) throw new SearchTimeoutException();',
          '  throw error;',
          '} finally {',
          '  await runner.release();',
          '}',
        ),
        functionOf({
          name: 'bounded',
          isExported: false,
          isAsync: true,
          docs: [
            'One statement under the bound, in one round trip: its settings and itself sent as one simple',
            'query, which PostgreSQL runs as one transaction, so SET LOCAL ends with it. A transaction',
            'pooler (PgBouncer in transaction mode, the poolers of hosted PostgreSQL) keeps the query on one',
            'server connection and hands no setting on to other clients. A cancelled statement ends its',
            'transaction: nothing is left to roll back. Logged as every statement is: with its',
            'placeholders, its values apart.',
          ],
          parameters: [
            { name: 'runner', type: 'QueryRunner' },
            { name: 'milliseconds', type: 'number' },
            { name: 'sql', type: 'string' },
            { name: 'parameters', type: 'unknown[]' },
          ],
          returnType: 'Promise<Record<string, unknown>[]>',
          statements: code(
            'const { logger, driver } = runner.connection;',
            '// The connection the runner took from the pool (the same one for a fallback).',
            'const client = (await runner.connect()) as Client;',
            'const postgres = (driver as unknown as { postgres: Postgres }).postgres;',
            'const settings = `SET LOCAL statement_timeout = ${milliseconds}; SET LOCAL enable_seqscan = off;`;',
            'const text = `${settings} ${sql}`;',
            'logger.logQuery(text, parameters, runner);',
            'try {',
            '  const results = await client.query(`${settings} ${inline(postgres, sql, parameters)}`);',
            '  return results.at(-1)?.rows ?? [];',
            '} catch (error) {',
            '  logger.logQueryError(error as Error, text, parameters, runner);',
            '  throw new QueryFailedError(text, parameters, error as Error);',
            '}',
          ),
        }),
        functionOf({
          name: 'inline',
          isExported: false,
          docs: [
            'A statement with its values written in (a simple query takes none apart), each as node-postgres',
            'would send it (its prepareValue) in a quoted literal (its escapeLiteral): a literal of no type,',
            'as a parameter is, that PostgreSQL types by where it stands.',
          ],
          parameters: [
            { name: 'postgres', type: 'Postgres' },
            { name: 'sql', type: 'string' },
            { name: 'parameters', type: 'unknown[]' },
          ],
          returnType: 'string',
          statements: code(
            '// $1, $2...: not a $ inside a name (TypeORM quotes names, which may hold one).',
            'return sql.replace(/(?<![\\w$])\\$(\\d+)(?!\\d)/g, (_: string, index: string) => {',
            '  const value = postgres.utils.prepareValue(parameters[Number(index) - 1]);',
            "  if (value === null) return 'NULL';",
            '  // bytea, as node-postgres sends a Buffer: its text form is \\x and the bytes in hex.',
            "  if (Buffer.isBuffer(value)) return postgres.escapeLiteral(`\\\\x${value.toString('hex')}`);",
            '  return postgres.escapeLiteral(value);',
            '});',
          ),
        }),
        functionOf({
          name: 'cancelled',
          isExported: false,
          docs: ['Whether PostgreSQL cancelled the statement (57014), here by statement_timeout.'],
          parameters: [{ name: 'error', type: 'unknown' }],
          returnType: 'boolean',
          statements: code(
            "return error instanceof QueryFailedError && (error.driverError as { code?: unknown }).code === '57014';",
          ),
        }),
      ],
    );
  }
  if (database === 'mysql') {
    return tsFile(
      SEARCH_QUERY,
      [...common, pkg('typeorm', 'QueryFailedError'), pkgTypes('typeorm', 'DataSource')],
      [
        constant('flavours', "new WeakMap<DataSource, Promise<'mariadb' | 'mysql'>>()", {
          isExported: false,
          docs: [
            'Which server each connection talks to, asked once: they stop a statement differently.',
          ],
        }),
        constant('TIMEOUT_ERRORS', '[1969, 3024, 188, 128]', {
          isExported: false,
          docs: [
            "MariaDB's and MySQL's errors (errno) of a statement stopped at its limit; MariaDB stops one",
            'inside its FULLTEXT index with 188, and refuses a word that more rows hold than',
            '`innodb_ft_result_cache_limit` lets it collect with 128 (compose.yaml sets it).',
          ],
        }),
        searchQuery(
          database,
          'const milliseconds = searchTimeout();',
          "const bounded = (await flavourOf(repository.manager.connection)) === 'mariadb'",
          '  ? `SET STATEMENT max_statement_time = ${milliseconds / 1000} FOR ${sql}`',
          '  : // MySQL takes the hint in the outer SELECT and warns about it in the inner ones.',
          '    sql.replace(/\\bSELECT\\b/g, `SELECT /*+ MAX_EXECUTION_TIME(${milliseconds}) */`);',
          'try {',
          '  return await repository.query<Record<string, unknown>[]>(bounded, parameters);',
          '} catch (error) {',
          '  const errno = error instanceof QueryFailedError ? (error.driverError as { errno?: unknown }).errno : undefined;',
          "  if (typeof errno === 'number' && TIMEOUT_ERRORS.includes(errno)) throw new SearchTimeoutException();",
          '  throw error;',
          '}',
        ),
        functionOf({
          name: 'flavourOf',
          isExported: false,
          parameters: [{ name: 'dataSource', type: 'DataSource' }],
          returnType: "Promise<'mariadb' | 'mysql'>",
          statements: code(
            'const known = flavours.get(dataSource);',
            'if (known !== undefined) return known;',
            "const flavour = dataSource.query<{ version: string }[]>('SELECT VERSION() AS version').then(",
            "  ([row]: { version: string }[]) => (/mariadb/i.test(row?.version ?? '') ? 'mariadb' : 'mysql'),",
            ');',
            'flavours.set(dataSource, flavour);',
            'return flavour;',
          ),
        }),
      ],
    );
  }
  return tsFile(
    SEARCH_QUERY,
    [
      ...common,
      pkg('node:fs', 'existsSync'),
      pkg('node:path', 'join'),
      pkg('node:worker_threads', 'Worker'),
    ],
    [
      interfaceOf({
        name: 'Job',
        isExported: false,
        docs: ['A search sent to the worker, answered by `id`.'],
        properties: [
          { name: 'resolve', type: '(rows: Record<string, unknown>[]) => void' },
          { name: 'reject', type: '(error: unknown) => void' },
          {
            name: 'timer',
            type: 'NodeJS.Timeout',
            hasQuestionToken: true,
            docs: [
              'Armed when the worker starts this search (the first waiting once the one before is',
              "answered): its wait and the worker's start are not its cost.",
            ],
          },
        ],
      }),
      interfaceOf({
        name: 'Answer',
        isExported: false,
        docs: ["The worker's answer to one job (search-worker.ts)."],
        properties: [
          { name: 'id', type: 'number' },
          { name: 'rows', type: 'Record<string, unknown>[]', hasQuestionToken: true },
          { name: 'error', type: '{ message: string; code?: string }', hasQuestionToken: true },
          {
            name: 'ready',
            type: 'boolean',
            hasQuestionToken: true,
            docs: ['Sent once, when its connection is open.'],
          },
        ],
      }),
      constant(
        'WORKER',
        "typeof __dirname === 'string' && existsSync(join(__dirname, 'search-worker.js')) ? join(__dirname, 'search-worker.js') : ''",
        {
          isExported: false,
          docs: [
            'The compiled worker beside this file (dist/database/), looked for once rather than at every',
            'search; none where ts-jest runs src/.',
          ],
        },
      ),
      classOf({
        name: 'SearchThread',
        isExported: false,
        docs: ['One worker thread with its own read-only connection to the database file.'],
        properties: [
          { name: 'worker', type: 'Worker | undefined', scope: Scope.Private },
          {
            name: 'jobs',
            isReadonly: true,
            initializer: 'new Map<number, Job>()',
            scope: Scope.Private,
          },
          { name: 'next', initializer: '0', scope: Scope.Private },
          {
            name: 'ready',
            initializer: 'false',
            scope: Scope.Private,
            docs: ["Whether the worker's connection is open (its searches' bounds run)."],
          },
          {
            name: 'ending',
            initializer: '0',
            scope: Scope.Private,
            docs: ['Workers ended at a timeout that still finish their statement.'],
          },
        ],
        ctors: [
          {
            parameters: [{ name: 'path', type: 'string', isReadonly: true, scope: Scope.Private }],
          },
        ],
        methods: [
          {
            name: 'run',
            parameters: [
              { name: 'sql', type: 'string' },
              { name: 'parameters', type: 'unknown[]' },
            ],
            returnType: 'Promise<Record<string, unknown>[]>',
            statements: code(
              'if (this.worker === undefined && this.ending > 0) return Promise.reject(new SearchTimeoutException());',
              'const worker = (this.worker ??= this.start());',
              'const id = this.next++;',
              'return new Promise((resolve, reject) => {',
              '  this.jobs.set(id, { resolve, reject });',
              '  worker.postMessage({ id, sql, parameters });',
              '  if (this.ready) this.armFirst(worker);',
              '});',
            ),
          },
          {
            name: 'armFirst',
            scope: Scope.Private,
            docs: [
              'Starts the bound of the search the worker runs now (it takes them in order, one at a',
              'time): SEARCH_TIMEOUT_MS, then the worker is ended.',
            ],
            parameters: [{ name: 'worker', type: 'Worker' }],
            returnType: 'void',
            statements: code(
              'const first = this.jobs.values().next().value;',
              'if (first !== undefined && first.timer === undefined)',
              '  first.timer = setTimeout(() => this.end(worker), searchTimeout());',
            ),
          },
          {
            name: 'start',
            scope: Scope.Private,
            returnType: 'Worker',
            statements: code(
              'const worker = new Worker(WORKER, { argv: [this.path] });',
              'this.ready = false;',
              '// The app may end while a worker waits for searches.',
              'worker.unref();',
              "worker.on('message', (answer: Answer) => {",
              '  // The thread started and opened its connection: its first search is timed from now.',
              '  if (answer.ready) {',
              '    if (this.worker !== worker) return;',
              '    this.ready = true;',
              '    this.armFirst(worker);',
              '    return;',
              '  }',
              '  const job = this.jobs.get(answer.id);',
              '  if (job === undefined) return;',
              '  this.jobs.delete(answer.id);',
              '  clearTimeout(job.timer);',
              '  // The worker goes on with the next search.',
              '  this.armFirst(worker);',
              '  if (answer.error) job.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));',
              '  else job.resolve(answer.rows ?? []);',
              '});',
              "worker.on('error', (error: Error) => this.fail(worker, error));",
              "worker.on('exit', () => this.fail(worker, new Error('The search worker stopped')));",
              'return worker;',
            ),
          },
          {
            name: 'end',
            scope: Scope.Private,
            docs: [
              'A search past its time: every search waiting on this worker is a 503, and it ends.',
            ],
            parameters: [{ name: 'worker', type: 'Worker' }],
            returnType: 'void',
            statements: code(
              'this.fail(worker, new SearchTimeoutException());',
              'this.ending += 1;',
              'void worker.terminate().finally(() => {',
              '  this.ending -= 1;',
              '});',
            ),
          },
          {
            name: 'fail',
            scope: Scope.Private,
            parameters: [
              { name: 'worker', type: 'Worker' },
              { name: 'error', type: 'unknown' },
            ],
            returnType: 'void',
            statements: code(
              'if (this.worker !== worker) return;',
              'this.worker = undefined;',
              'for (const job of this.jobs.values()) {',
              '  clearTimeout(job.timer);',
              '  job.reject(error);',
              '}',
              'this.jobs.clear();',
            ),
          },
        ],
      }),
      constant('threads', 'new Map<string, SearchThread>()', {
        isExported: false,
        docs: ['One worker per database file.'],
      }),
      searchQuery(
        database,
        'const path = String(repository.manager.connection.options.database);',
        "if (path === ':memory:' || WORKER === '')",
        '  return repository.query<Record<string, unknown>[]>(sql, parameters);',
        'let thread = threads.get(path);',
        'if (thread === undefined) threads.set(path, (thread = new SearchThread(path)));',
        '// better-sqlite3 binds no booleans: 1 and 0, as TypeORM sends them.',
        "return thread.run(sql, parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value)));",
      ),
    ],
  );
}

function searchWorkerTemplate(): TypeScriptFile {
  return tsFile(
    SEARCH_WORKER,
    [pkg('node:worker_threads', 'parentPort'), { from: 'better-sqlite3', default: 'Database' }],
    [
      interfaceOf({
        name: 'Job',
        isExported: false,
        docs: ['A search from src/database/search-query.ts.'],
        properties: [
          { name: 'id', type: 'number' },
          { name: 'sql', type: 'string' },
          { name: 'parameters', type: 'unknown[]' },
        ],
      }),
      constant(
        'database',
        "new Database(process.argv[2] ?? '', { readonly: true, fileMustExist: true })",
        {
          isExported: false,
          docs: [
            "The searches' own connection to the file search-query.ts names: read-only, beside the app's",
            '(WAL lets both read while it writes).',
          ],
        },
      ),
      code('parentPort?.postMessage({ id: -1, ready: true });'),
      constant('MAX_STATEMENTS', '200', {
        isExported: false,
        docs: ['Statements kept prepared: find-page.ts keeps as many shapes of list query.'],
      }),
      constant('prepared', 'new Map<string, (parameters: unknown[]) => unknown[]>()', {
        isExported: false,
        docs: ['Statements prepared once per text: preparing one cost more than a short search.'],
      }),
      functionOf({
        name: 'statementOf',
        isExported: false,
        parameters: [{ name: 'sql', type: 'string' }],
        returnType: '(parameters: unknown[]) => unknown[]',
        statements: code(
          'let all = prepared.get(sql);',
          'if (all === undefined) {',
          '  if (prepared.size >= MAX_STATEMENTS) prepared.delete(prepared.keys().next().value!);',
          '  const statement = database.prepare(sql);',
          '  all = (parameters) => statement.all(...parameters);',
          '  prepared.set(sql, all);',
          '}',
          'return all;',
        ),
      }),
      code(
        "parentPort?.on('message', ({ id, sql, parameters }: Job) => {",
        '  try {',
        '    parentPort?.postMessage({ id, rows: statementOf(sql)(parameters) });',
        '  } catch (error) {',
        '    const { message, code } = error as { message?: unknown; code?: unknown };',
        "    parentPort?.postMessage({ id, error: { message: String(message), code: typeof code === 'string' ? code : undefined } });",
        '  }',
        '});',
      ),
    ],
  );
}
