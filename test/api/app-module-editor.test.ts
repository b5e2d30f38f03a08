import { readFileSync } from 'node:fs';
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { addModuleToAppModule, AppModuleError } from '../../src/resource/app-module-editor.js';

const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/app-module/${name}.ts.txt`, import.meta.url), 'utf8');

const articles = { className: 'ArticlesModule', path: 'src/articles/articles.module.ts' };
const edit = (text: string | undefined) =>
  addModuleToAppModule(text, 'src/app.module.ts', articles);

/** Edits the fixture, checks that a second run changes nothing, and returns the first result. */
function edited(name: string): string {
  const once = edit(fixture(name));
  expect(edit(once)).toBe(once);
  return once;
}

describe('addModuleToAppModule', () => {
  it('adds the import and the entry to the AppModule `rest new` writes, keeping forRoot() calls', () => {
    expect(edited('generated')).toBe(
      dedent`
      import { Module } from '@nestjs/common';
      import { ConfigModule } from '@nestjs/config';
      import { TypeOrmModule } from '@nestjs/typeorm';
      import { AuthModule } from './auth/auth.module';
      import { UsersModule } from './users/users.module';
      import { ArticlesModule } from './articles/articles.module';

      @Module({
        imports: [
          ConfigModule.forRoot({ isGlobal: true, validate: validateEnvironment }),
          TypeOrmModule.forRootAsync({
            useFactory: () => ({ type: 'sqlite', database: '.data/app.sqlite' }),
          }),
          UsersModule,
          AuthModule,
          ArticlesModule,
        ],
      })
      export class AppModule {}
    ` + '\n',
    );
  });

  it('keeps comments where they were, including one after the last entry', () => {
    expect(edited('comments')).toBe(
      dedent`
      // Copyright (c) ACME. The root module.
      import { Module } from '@nestjs/common'; // framework
      import { UsersModule } from './users/users.module';
      import { ArticlesModule } from './articles/articles.module';
      /* keep this comment */

      /**
       * The application.
       */
      @Module({
        // feature modules below
        imports: [
          UsersModule, // accounts
          ArticlesModule,
          // AuthModule, (disabled for now)
        ],
        providers: [], // none yet
      })
      export class AppModule {}
    ` + '\n',
    );
  });

  it('keeps a list without a trailing comma that way, and its tab indentation', () => {
    expect(edited('no-trailing-comma')).toBe(
      [
        "import { Module } from '@nestjs/common';",
        "import { UsersModule } from './users/users.module';",
        "import { ArticlesModule } from './articles/articles.module';",
        '',
        '@Module({',
        '\timports: [',
        '\t\tUsersModule, // the only one',
        '\t\tArticlesModule',
        '\t]',
        '})',
        'export class AppModule {}',
        '',
      ].join('\n'),
    );
  });

  it('keeps CRLF line endings on every line it adds', () => {
    const input = fixture('crlf');
    expect(input).toContain('\r\n');
    const output = edited('crlf');
    expect(output.split('\r\n')).toEqual([
      "import { Module } from '@nestjs/common';",
      "import { ConfigModule } from '@nestjs/config';",
      "import { UsersModule } from './users/users.module';",
      "import { ArticlesModule } from './articles/articles.module';",
      '',
      '@Module({',
      '  imports: [',
      '    ConfigModule.forRoot(),',
      '    UsersModule,',
      '    ArticlesModule,',
      '  ],',
      '})',
      'export class AppModule {}',
      '',
    ]);
  });

  it('keeps a one-line list on one line, with double quotes and no semicolons', () => {
    expect(edited('single-line')).toBe(
      dedent`
      import { Module } from "@nestjs/common"
      import { ConfigModule } from "@nestjs/config"
      import { UsersModule } from "./users/users.module"
      import { ArticlesModule } from "./articles/articles.module"

      @Module({ imports: [ConfigModule.forRoot(), UsersModule, ArticlesModule], controllers: [] })
      export class AppModule {}
    ` + '\n',
    );
  });

  it('leaves aliased imports and namespace imports alone', () => {
    expect(edited('aliases')).toBe(
      dedent`
      import { Module as NestModule } from '@nestjs/common';
      import { UsersModule as Accounts } from './users/users.module';
      import * as config from './config/config.module';
      import { ArticlesModule } from './articles/articles.module';

      @NestModule({
        imports: [config.ConfigurationModule.forRoot(), Accounts, ArticlesModule],
      })
      export class AppModule {}
    ` + '\n',
    );
  });

  it('recognises the module imported under an alias (and with .js) and changes nothing', () => {
    expect(edit(fixture('aliased-article'))).toBe(fixture('aliased-article'));
  });

  it('fills an empty imports array, or adds one', () => {
    expect(edited('empty-imports')).toContain('  imports: [ArticlesModule],\n  controllers: [],');
    expect(edited('no-imports')).toBe(
      dedent`
      import { Module } from '@nestjs/common';
      import { ArticlesModule } from './articles/articles.module';

      @Module({
        imports: [ArticlesModule],
        controllers: [],
      })
      export class AppModule {}
    ` + '\n',
    );
  });
});

describe('addModuleToAppModule refusals (typed, with a hint; nothing is returned to write)', () => {
  const refusal = (text: string | undefined) => {
    try {
      edit(text);
    } catch (error) {
      expect(error).toBeInstanceOf(AppModuleError);
      const { problem, message, hint } = error as AppModuleError;
      return { problem, message, hint };
    }
    throw new Error('expected a refusal');
  };

  it('refuses a missing AppModule', () => {
    expect(refusal(undefined)).toEqual({
      problem: 'missing',
      message: 'There is no AppModule at src/app.module.ts.',
      hint: 'restsmith.json names the source folder; restore src/app.module.ts there or fix "sourceDir".',
    });
  });

  it('refuses a file without a @Module class', () => {
    expect(refusal(fixture('no-decorator'))).toEqual({
      problem: 'no-module',
      message: 'src/app.module.ts has no class decorated with @Module({ ... }).',
      hint: 'restsmith edits the AppModule that `rest new` wrote: a class with @Module({ imports: [...] }).',
    });
  });

  it('refuses imports that are not an array literal', () => {
    expect(refusal(fixture('imports-not-array'))).toEqual({
      problem: 'imports-not-array',
      message:
        'The @Module imports in src/app.module.ts are not an array literal (imports: [...]).',
      hint: 'Write them as imports: [...] (spread your own list inside if you need one), then run again.',
    });
  });

  it('refuses a different module of the same name', () => {
    expect(refusal(fixture('name-taken'))).toMatchObject({
      problem: 'name-taken',
      message:
        "The AppModule already imports a different ArticlesModule from './blog/articles.module'.",
    });
  });
});
