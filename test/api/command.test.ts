// `rest api` through the built CLI on a generated project (no install): files, edits, dry run, refusals.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import dedent from 'dedent';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, rest, snapshotOf } from './project.js';

describe('rest api (built CLI, generated sqlite project)', () => {
  let dir: string;
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');

  beforeAll(() => {
    dir = newProjectWithoutInstall('api-command', 'sqlite');
  }, 120_000);

  it('--dry-run lists the new files and a diff of the AppModule and restsmith.json, and writes nothing', () => {
    const before = snapshotOf(dir);
    const result = rest(
      dir,
      'api',
      'BlogPost',
      '--fields',
      'title body:text',
      '--dry-run',
      '--yes',
    );
    expect(result.status, result.output).toBe(0);
    for (const line of [
      'create  src/blog-posts/blog-posts.module.ts',
      'create  src/blog-posts/blog-posts.controller.ts',
      'create  src/blog-posts/blog-posts.service.ts',
      'create  src/blog-posts/entities/blog-post.entity.ts',
      'create  src/blog-posts/blog-post.view.ts',
      'create  src/blog-posts/dto/create-blog-post.dto.ts',
      'create  src/blog-posts/dto/update-blog-post.dto.ts',
      'create  test/blog-posts.e2e-spec.ts',
      'modify  src/app.module.ts',
      'modify  restsmith.json',
      "+import { BlogPostsModule } from './blog-posts/blog-posts.module';",
      '+    BlogPostsModule,',
      'Dry run: nothing was written.',
    ]) {
      expect(result.output).toContain(line);
    }
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('adds a resource, and the same command again says it exists and changes nothing', () => {
    const first = rest(
      dir,
      'api',
      'article',
      '--fields',
      'title:string content:string',
      '--user',
      'POST',
      '--yes',
    );
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain('Article API ready at /articles.');
    expect(read('src/app.module.ts')).toContain(
      "import { ArticlesModule } from './articles/articles.module';",
    );
    const recorded = JSON.parse(read('restsmith.json')) as { resources: unknown[] };
    expect(recorded.resources).toEqual([
      {
        name: 'article',
        endpoint: 'articles',
        methods: {
          create: 'user',
          list: 'public',
          read: 'public',
          update: 'public',
          delete: 'public',
        },
        fields: ['title:string', 'content:string'],
        // The project's choice, written out: a later change of the project's default leaves it be.
        envelope: false,
        migration: expect.any(Number),
      },
    ]);
    const before = snapshotOf(dir);
    const again = rest(
      dir,
      'api',
      'article',
      '--fields',
      'title:string content:string',
      '--user',
      'POST',
      '--yes',
    );
    expect(again.status).not.toBe(0);
    expect(again.output).toContain('The resource "article" exists already (restsmith.json).');
    expect(again.output).toContain('Nothing was changed.');
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('--force writes the resource again, byte-identical, leaving the AppModule as it was', () => {
    const before = snapshotOf(dir);
    const forced = rest(
      dir,
      'api',
      'article',
      '--fields',
      'title:string content:string',
      '--user',
      'POST',
      '--yes',
      '--force',
    );
    expect(forced.status, forced.output).toBe(0);
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('refuses an AppModule whose imports are not an array literal, writing nothing', () => {
    const path = join(dir, 'src/app.module.ts');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace(/imports: \[/, 'imports: modules ?? ['));
    const before = snapshotOf(dir);
    const result = rest(dir, 'api', 'comment', '--fields', 'text', '--yes');
    writeFileSync(path, original);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      'The @Module imports in src/app.module.ts are not an array literal (imports: [...]).',
    );
    expect(existsSync(join(dir, 'src/comments'))).toBe(false);
    expect(snapshotOf(dir).size).toBe(before.size);
  }, 60_000);

  it('refuses bad input with the fix, in one line and without a stack trace', () => {
    const cases: [string[], string][] = [
      [['api', 'class', '--fields', 'title', '--yes'], '"class" is a reserved word in TypeScript'],
      [['api', 'user', '--fields', 'title', '--yes'], '"user" collides with the module in users/.'],
      [
        ['api', 'tag', '--fields', 'name:varchar', '--yes'],
        '"varchar" (field "name") is not a field type.',
      ],
      [['api', 'tag', '--yes'], 'A resource needs at least one field that is not a reference.'],
      [
        ['api', 'tag', '--fields', 'name topic:ref:topic', '--yes'],
        'The field "topic" refers to "topic", which is not a resource of this project.',
      ],
      [
        ['api', 'tag', '--fields', 'name writer:ref:user', '--cascade', 'name', '--yes'],
        '--cascade names "name", which is not a single reference field.',
      ],
      [
        ['api', 'tag', '--fields', 'name views:number', '--indexes', 'price', '--yes'],
        '--indexes names "price", which is not a field of this resource.',
      ],
      [
        ['api', 'tag', '--fields', 'name', '--nested', '--yes'],
        '--nested needs a reference field, and there is none.',
      ],
      [['api', '--yes'], 'Which resource? Give its name.'],
    ];
    for (const [args, message] of cases) {
      const result = rest(dir, ...args);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.output).toContain(message);
      expect(result.output).not.toMatch(/\n\s+at /);
    }
  }, 60_000);

  it('refuses to run outside a project', () => {
    const result = rest(join(dir, 'src'), 'api', 'tag', '--fields', 'name', '--yes');
    expect(result.output).toContain('There is no restsmith.json in .');
  });

  it('prints help with every flag', () => {
    const help = rest(dir, 'api', '--help').output;
    for (const flag of [
      '--endpoint',
      '--methods',
      '--master',
      '--admin',
      '--user',
      '--public',
      '--fields',
      '--owner',
      '--cascade',
      '--nested',
      '--indexes',
      '--dry-run',
      '--force',
      '--yes',
    ]) {
      expect(help).toContain(flag);
    }
    expect(help).toContain(dedent`
      EXAMPLES
        $ rest api article --fields "title:string content:text" --user POST --yes
    `);
  });
});
