// src/database/database-ready.ts (PostgreSQL, MySQL): before the app connects, the server answers and the
// database DATABASE_URL names exists, created when it is missing; else one line naming the cause and the fix.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';
import { DATABASE_OPTIONS } from './data-source.template.js';

export const DATABASE_READY = 'src/database/database-ready.ts';

/** Whether the project checks its database before it connects: the SQL servers. */
export const checksDatabase = (options: ProjectOptions): boolean =>
  options.database === 'postgres' || options.database === 'mysql';

const SERVERS = {
  postgres: {
    name: 'PostgreSQL',
    missing: "['3D000']",
    exists: "['42P04']",
    refused: "['28P01', '28000']",
    admin: "'/postgres'",
    create: '`CREATE DATABASE "${name}"`',
    fix: "`createdb -h ${url.hostname} -p ${url.port || '5432'} -U ${decodeURIComponent(url.username) || 'postgres'} ${name}`",
  },
  mysql: {
    name: 'MySQL',
    missing: "['ER_BAD_DB_ERROR']",
    exists: "['ER_DB_CREATE_EXISTS']",
    refused:
      "['ER_ACCESS_DENIED_ERROR', 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR', 'ER_DBACCESS_DENIED_ERROR']",
    admin: "'/'",
    create: '`CREATE DATABASE \\`${name}\\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`',
    fix: "`mysql -h ${url.hostname} -P ${url.port || '3306'} -u ${decodeURIComponent(url.username) || 'root'} -p -e 'CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'`",
  },
};

export function databaseReadyTemplate(options: ProjectOptions): TypeScriptFile {
  const server = SERVERS[options.database as 'postgres' | 'mysql'];
  return tsFile(
    DATABASE_READY,
    [
      pkg('node:timers/promises', 'setTimeout'),
      pkg('node:url', 'URL'),
      pkg('typeorm', 'DataSource'),
      { from: DATABASE_OPTIONS, named: ['databaseOptions'] },
    ],
    [
      constant('TRIES', '5', {
        isExported: false,
        docs: ['Tries, a second apart, while the server does not answer (it may be starting).'],
      }),
      constant(
        'UNREACHABLE',
        "['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', '57P03']",
        {
          isExported: false,
        },
      ),
      functionOf({
        name: 'ensureDatabase',
        isAsync: true,
        docs: [
          `Waits a little for the ${server.name} server that \`DATABASE_URL\` names, and creates its database when`,
          'it does not exist and the user may create it (`say` tells); otherwise fails with one line that says',
          'why and what to do. npm run dev and prod run it before the app connects, the tests before they migrate.',
        ],
        parameters: [
          { name: 'databaseUrl', type: 'string' },
          {
            name: 'say',
            type: '(message: string) => void',
            initializer: '(message: string) => console.log(message)',
          },
        ],
        returnType: 'Promise<void>',
        statements: code(
          'const url = new URL(databaseUrl);',
          'const name = decodeURIComponent(url.pathname.slice(1));',
          'for (let attempt = 1; ; attempt += 1) {',
          '  try {',
          '    await (await new DataSource(databaseOptions(databaseUrl)).initialize()).destroy();',
          '    return;',
          '  } catch (error) {',
          '    const code = codeOf(error);',
          `    if (${server.missing}.includes(code)) return createDatabase(url, name, say);`,
          '    if (UNREACHABLE.includes(code) && attempt < TRIES) {',
          '      await setTimeout(1000);',
          '      continue;',
          '    }',
          '    throw new Error(problemOf(error, url, attempt), { cause: error });',
          '  }',
          '}',
        ),
      }),
      functionOf({
        name: 'createDatabase',
        isExported: false,
        isAsync: true,
        parameters: [
          { name: 'url', type: 'URL' },
          { name: 'name', type: 'string' },
          { name: 'say', type: '(message: string) => void' },
        ],
        returnType: 'Promise<void>',
        statements: code(
          'if (!/^[\\w$-]+$/.test(name)) {',
          `  throw new Error(\`the database "\${name}" does not exist, and its name needs quoting that is yours to choose: create it with \${${server.fix}}\`);`,
          '}',
          'const admin = new URL(url.href);',
          `admin.pathname = ${server.admin};`,
          'try {',
          '  const source = await new DataSource(databaseOptions(admin.href)).initialize();',
          '  try {',
          `    await source.query(${server.create});`,
          '  } finally {',
          '    await source.destroy();',
          '  }',
          `  say(\`created the ${server.name} database \${name} on \${url.host}\`);`,
          '} catch (error) {',
          `  if (${server.exists}.includes(codeOf(error))) return;`,
          `  throw new Error(\`the database "\${name}" does not exist, and it could not be created (\${firstLine(error)}): create it with \${${server.fix}}, or name another in DATABASE_URL (.env)\`, { cause: error });`,
          '}',
        ),
      }),
      functionOf({
        name: 'problemOf',
        isExported: false,
        docs: ['The one line a failed connection gets: the cause, then the fix.'],
        parameters: [
          { name: 'error', type: 'unknown' },
          { name: 'url', type: 'URL' },
          { name: 'tries', type: 'number' },
        ],
        returnType: 'string',
        statements: code(
          'const code = codeOf(error);',
          'if (UNREACHABLE.includes(code)) {',
          `  return \`cannot reach ${server.name} at \${url.host} (\${code}, \${tries} tries): start it, or set DATABASE_URL in .env to a server that runs\`;`,
          '}',
          `if (${server.refused}.includes(code)) {`,
          `  return \`${server.name} refused user "\${decodeURIComponent(url.username)}" (\${firstLine(error)}): fix the user or password in DATABASE_URL (.env)\`;`,
          '}',
          `return \`cannot connect to ${server.name} at \${url.host}: \${firstLine(error)} (DATABASE_URL in .env)\`;`,
        ),
      }),
      functionOf({
        name: 'codeOf',
        isExported: false,
        docs: [
          "The driver's or Node's code of an error: a SQLSTATE, a MySQL error name, an errno.",
        ],
        parameters: [{ name: 'error', type: 'unknown' }],
        returnType: 'string',
        statements: code(
          'const found = (error as { code?: unknown } | null)?.code;',
          "return typeof found === 'string' ? found : '';",
        ),
      }),
      functionOf({
        name: 'firstLine',
        isExported: false,
        parameters: [{ name: 'error', type: 'unknown' }],
        returnType: 'string',
        statements: code(
          "return (error instanceof Error ? error.message : String(error)).split('\\n')[0] ?? '';",
        ),
      }),
    ],
  );
}
