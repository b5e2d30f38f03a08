// MongoDB field renames and removals write a migration that `npm run migration:run` applies (issue 15.2):
// the files on a generated project, its lint and type-check; the run itself needs a MongoDB server.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, rest, run } from './project.js';

const SCHEMA = 'src/articles/schemas/article.schema.ts';
const HAND = '\n/** Written by hand. */\nexport const HAND_WRITTEN = true;\n';
const mongoUri = process.env.RESTSMITH_MONGODB_URI;
if (!mongoUri) {
  console.warn('skipped: migration:run on MongoDB (no server here; set RESTSMITH_MONGODB_URI)');
}

describe('rest api edits the fields of a MongoDB resource with a migration (built CLI, installed project)', () => {
  let dir: string;
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  const migrations = () => readdirSync(join(dir, 'src/database/migrations')).sort();

  beforeAll(() => {
    dir = newProject('edit-mongodb', 'mongodb');
    const added = rest(dir, 'api', 'article', '--fields', 'title body:text views?:number', '--yes');
    if (added.status !== 0) throw new Error(added.output);
    writeFileSync(join(dir, SCHEMA), `${read(SCHEMA)}${HAND}`);
  }, 600_000);

  it('--rename-field writes a $rename migration, the runner, its list and npm scripts', () => {
    const result = rest(dir, 'api', 'article', '--rename-field', 'body:content');
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('npm run migration:run (with MONGODB_URI set)');
    expect(read(SCHEMA)).toContain(HAND);
    const [file] = migrations();
    expect(file).toMatch(/^\d{13}-rename-body-to-content-in-articles\.ts$/);
    const migration = read(`src/database/migrations/${file}`);
    expect(migration).toMatch(/implements MongoMigration/);
    expect(migration).toMatch(
      /\{ body: \{ \$exists: true \} \},\s*\{ \$rename: \{ body: 'content' \} \}/,
    );
    expect(migration).toMatch(
      /\{ content: \{ \$exists: true \} \},\s*\{ \$rename: \{ content: 'body' \} \}/,
    );
    expect(read('src/database/migrations.ts')).toMatch(
      /MIGRATIONS: \(new \(\) => MongoMigration\)\[\] = \[\s*RenameBodyToContentInArticles\d{13},?\s*\]/,
    );
    expect(read('src/database/migrate.ts')).toContain(
      "db.collection<{ name: string; runAt: Date }>('migrations')",
    );
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts['migration:run']).toBe('npm run build && node dist/database/migrate.js');
    expect(scripts['migration:revert']).toBe(
      'npm run build && node dist/database/migrate.js revert',
    );
  }, 60_000);

  it('--remove-fields writes an $unset migration beside it; a second run writes nothing', () => {
    const result = rest(dir, 'api', 'article', '--remove-fields', 'views');
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('clears the stored values of views in articles');
    expect(migrations()).toHaveLength(2);
    const migration = read(`src/database/migrations/${migrations()[1]}`);
    expect(migration).toContain("{ views: { $exists: true } }, { $unset: { views: '' } }");
    expect(migration).toContain('async down(): Promise<void> {');
    expect(read('src/database/migrations.ts')).toMatch(/DropViewsFromArticles\d{13},?\s*\]/);
    const again = rest(dir, 'api', 'article', '--remove-fields', 'views');
    expect(again.output).toContain('nothing to do');
    expect(migrations()).toHaveLength(2);
  }, 60_000);

  it('the project lints and type-checks with its migrations', () => {
    for (const [command, args] of [
      ['npm', ['run', 'lint']],
      ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ] as const) {
      const result = run(command, [...args], dir);
      expect(result.status, `${command} ${args.join(' ')}:\n${result.output}`).toBe(0);
    }
  }, 300_000);

  it.skipIf(!mongoUri)(
    'migration:run moves and clears the stored values, once',
    () => {
      const env = { MONGODB_URI: mongoUri! };
      const first = run('npm', ['run', 'migration:run'], dir, env);
      expect(first.status, first.output).toBe(0);
      expect(first.output).toMatch(/RenameBodyToContentInArticles\d{13} has been executed/);
      const second = run('npm', ['run', 'migration:run'], dir, env);
      expect(second.output).not.toMatch(/has been executed/);
    },
    300_000,
  );
});
