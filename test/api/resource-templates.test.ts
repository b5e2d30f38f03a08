// The resource templates, rendered by the engine with a whole `rest new` project: expected text and whole-output checks.
import dedent from 'dedent';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { DATABASES, type Database, type ProjectOptions } from '../../src/model/project.js';
import { renderFiles, type RenderedFile } from '../../src/engine/render.js';
import { resourceOptions, type ResourceInput } from '../../src/resource/resource-options.js';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { prettierrcTemplate } from '../../templates-ast/root/prettierrc.template.js';
import { projectFixture } from './fixture-options.js';

/** Lines without their indentation: a piece of a file, wherever it is nested. */
const unindented = (text: string | undefined) => (text ?? '').replace(/^ +/gm, '');

const project = (database: Database, auth = true): ProjectOptions =>
  projectFixture(database, [], { auth });

const resource = (input: Partial<ResourceInput>, auth = true) =>
  resourceOptions(
    { name: 'note', fields: 'title body?:text', ...input },
    { auth, resources: [], modules: [], endpoints: [], migrationTimestamp: 1_700_000_000_001 },
  );

/** The resource's files, rendered and checked together with every file of a new project. */
async function rendered(
  options: ProjectOptions,
  input: Partial<ResourceInput>,
): Promise<Map<string, string>> {
  const files = resourceFiles(options, resource(input, options.auth));
  const all = await renderFiles([...projectFiles(options), ...files]);
  const paths = new Set(files.map((file) => file.path));
  return new Map(
    all.filter((file) => paths.has(file.path)).map((file: RenderedFile) => [file.path, file.text]),
  );
}

/** The .prettierrc of a project made by `rest new`. */
const PROJECT_PRETTIER = prettierrcTemplate().data as prettier.Options;

describe('resource templates', () => {
  it('write the module and service of a public resource (sqlite) as a person would', async () => {
    const files = await rendered(project('sqlite'), { access: { admin: 'DELETE' } });
    expect([...files.keys()]).toEqual([
      'src/notes/notes.module.ts',
      'src/notes/notes.controller.ts',
      'src/notes/notes.service.ts',
      'src/notes/entities/note.entity.ts',
      'src/notes/note.view.ts',
      'src/notes/dto/create-note.dto.ts',
      'src/notes/dto/update-note.dto.ts',
      'test/notes.e2e-spec.ts',
      'src/database/migrations/1700000000001-create-notes.ts',
    ]);
    expect(files.get('src/notes/notes.module.ts')).toBe(
      dedent`
      import { Module } from '@nestjs/common';
      import { TypeOrmModule } from '@nestjs/typeorm';
      import { Note } from './entities/note.entity';
      import { NotesController } from './notes.controller';
      import { NotesService } from './notes.service';

      @Module({
        imports: [TypeOrmModule.forFeature([Note])],
        controllers: [NotesController],
        providers: [NotesService],
      })
      export class NotesModule {}
    ` + '\n',
    );
    const service = files.get('src/notes/notes.service.ts')!;
    expect(service).toContain(dedent`
      async update(id: string, changes: UpdateNoteDto): Promise<Note> {
          const note = await this.findOne(id);
          note.title = changes.title ?? note.title;
          if (changes.body !== undefined) note.body = changes.body;
          await this.notes.save(note);
          return this.findOne(id);
        }
    `);
    // PUT replaces (issue 29.3): what is left out is cleared; PATCH's DTO is the create DTO's, mapped.
    expect(service).toContain(dedent`
      async replace(id: string, input: CreateNoteDto): Promise<Note> {
          return this.update(id, { ...input, body: input.body ?? null });
        }
    `);
    expect(files.get('src/notes/dto/update-note.dto.ts')).toContain(dedent`
      export class UpdateNoteDto extends PartialType(CreateNoteDto, {
        skipNullProperties: false,
      }) {}
    `);
    expect(files.get('src/notes/notes.controller.ts')).toContain(dedent`
      async update(
          @Param('id', ParseIdPipe) id: string,
          @Body() input: CreateNoteDto,
        ): Promise<NoteView> {
          return toNoteView(await this.notes.replace(id, input));
        }
    `);
    expect(files.get('src/notes/notes.controller.ts')).toContain(dedent`
      @Delete(':id')
        @Access('admin')
        @HttpCode(204)
    `);
  }, 120_000);

  it('convert form text strictly and cap lists in DTOs (issue 10.7)', async () => {
    const files = await rendered(project('sqlite'), {
      fields: 'title tags:string[] views?:number',
    });
    const dto = files.get('src/notes/dto/create-note.dto.ts')!;
    expect(dto).toContain("import { FormValue } from '../../common/form-value';");
    expect(dto).toContain(dedent`
      @ApiProperty({ type: [String] })
        @FormValue('text', { list: true })
        @IsArray()
        @ArrayMaxSize(100)
        @IsString({ each: true })
        @MaxLength(255, { each: true })
        tags: string[];
    `);
    expect(dto).toContain(dedent`
      @ApiPropertyOptional({ type: Number, nullable: true })
        @FormValue('number')
        @IsOptional()
        @IsNumber()
        views?: number | null;
    `);
    expect(dto).not.toContain('class-transformer');
  }, 120_000);

  it('show the owner as { id, name, picture } and check it on update and delete', async () => {
    const files = await rendered(project('postgres'), { owner: 'author' });
    expect(files.get('src/notes/note.view.ts')).toContain('author: toPublicUserView(note.author),');
    expect(files.get('src/notes/notes.service.ts')).toContain(
      'assertOwnerOrAdmin(user, note.author.id);',
    );
    expect(files.get('src/notes/entities/note.entity.ts')).toContain(
      "@ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })",
    );
  }, 120_000);

  it('declare the text index of a MongoDB resource over its searchable fields, and test it (issue 10.2)', async () => {
    const files = await rendered(project('mongodb'), {
      fields: 'title body?:text tags:string[] views:number',
    });
    expect(files.get('src/notes/schemas/note.schema.ts')).toContain(dedent`
      NoteSchema.index(
        { title: 'text', body: 'text' },
        {
          name: 'notes_search',
          default_language: 'none',
          language_override: '_searchLanguage',
        },
      );\n`);
    expect(unindented(files.get('src/notes/schemas/note.schema.spec.ts'))).toContain(
      unindented(dedent`
        expect(NoteSchema.indexes()).toContainEqual([
          { title: 'text', body: 'text' },
          expect.objectContaining({
            name: 'notes_search',
            default_language: 'none',
          }),
        ]);`),
    );
    const unsearched = await rendered(project('mongodb'), { fields: 'views:number' });
    expect(unsearched.get('src/notes/schemas/note.schema.ts')).not.toContain("'text'");
    expect(unsearched.get('src/notes/schemas/note.schema.spec.ts')).not.toContain('text index');
  }, 120_000);

  // Every combination compiles in the engine's check; here: no empty file, no import twice, and
  // nothing `npm run format` would change.
  const cases: [Database, boolean, Partial<ResourceInput>][] = [
    ...DATABASES.map((database): [Database, boolean, Partial<ResourceInput>] => [
      database,
      true,
      {
        fields: 'title content:text published:boolean views?:number tags:string[] publishedAt:date',
        owner: 'author',
        access: { admin: 'DELETE', master: 'GET ONE' },
      },
    ]),
    ['sqlite', true, { methods: 'GET' }],
    ['mongodb', true, { methods: 'POST,DELETE', owner: 'writer' }],
    ['postgres', false, { methods: 'PUT,DELETE', access: { master: 'PUT' } }],
  ];
  it.each(cases)(
    'compile for %s (accounts: %s) with %j',
    async (database, auth, input) => {
      const files = await rendered(project(database, auth), input);
      for (const [path, text] of files) {
        expect(text.trim(), path).not.toBe('');
        const imports = [...text.matchAll(/^import [\s\S]*?from '([^']+)';$/gm)].map(
          (match) => match[1],
        );
        expect(new Set(imports).size, path).toBe(imports.length);
        const clean = await prettier.check(text, { ...PROJECT_PRETTIER, filepath: path });
        expect(clean, `${path} is not prettier-clean`).toBe(true);
      }
    },
    120_000,
  );
});
