// What a generated project's database says about its indexes, asked through the project's own driver.
import { expect } from 'vitest';
import { run } from './project.js';

/** The indexes of the articles table, as the database lists them (through the project's own driver). */
export function indexes(
  dir: string,
  name: 'sqlite' | 'postgres' | 'mysql',
  env: NodeJS.ProcessEnv,
): string {
  const queries = {
    sqlite: [
      "const db = require('better-sqlite3')(setting('DATABASE_PATH'));",
      'const names = db.prepare("PRAGMA index_list(\'articles\')").all().map((index) => index.name);',
      'return names.map((index) => db.pragma("index_info(\'" + index + "\')").map((column) => column.name));',
    ],
    postgres: [
      "const client = new (require('pg').Client)(setting('DATABASE_URL'));",
      'await client.connect();',
      'const { rows } = await client.query("SELECT indexdef FROM pg_indexes WHERE tablename = \'articles\'");',
      'await client.end();',
      'return rows;',
    ],
    mysql: [
      "const db = await require('mysql2/promise').createConnection(setting('DATABASE_URL'));",
      "const [rows] = await db.query('SHOW INDEX FROM articles');",
      'await db.end();',
      'return rows.map((row) => row.Column_name);',
    ],
  };
  const script = [
    "const env = require('fs').readFileSync('.env', 'utf8');",
    "const setting = (key) => process.env[key] ?? new RegExp('^' + key + '=(.*)$', 'm').exec(env)[1];",
    `(async () => { ${queries[name].join(' ')} })().then((found) => console.log(JSON.stringify(found)));`,
  ].join(' ');
  const result = run('node', ['-e', script], dir, env);
  expect(result.status, result.output).toBe(0);
  return result.output;
}
