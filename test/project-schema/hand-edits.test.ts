// The project schema of a fixture tree after hand edits: new columns, relations and props, and warnings instead of failures.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, validateSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { twoResources } from './expected.js';
import { edit, fixtureCopies, printSchema, scratchFolder, sdl } from './project.js';

const scratch = scratchFolder('rest-project-schema-');
afterAll(scratch.remove);
const fixture = fixtureCopies(scratch.path);

describe('hand edits', () => {
  it('shows a column added by hand to an entity in the next print', async () => {
    const root = fixture('sqlite');
    const entity = join(root, 'src/articles/entities/article.entity.ts');
    edit(
      entity,
      '  @ManyToOne',
      "  @Column({ type: 'int', default: 0 })\n  likes: number;\n\n  @Column({ type: 'varchar', nullable: true })\n  subtitle: string | null;\n\n  @ManyToOne",
    );
    const { text } = await printSchema(root);
    expect(text).toContain(
      '  publishedAt: DateTime\n  likes: Int!\n  subtitle: String\n  author: User!\n',
    );
    expect(buildSchema(text).getType('Article')).toBeDefined();
  });

  it('prints a relation added by hand to another resource as that type', async () => {
    const root = fixture('sqlite');
    edit(
      join(root, 'src/notes/entities/note.entity.ts'),
      '  @CreateDateColumn',
      '  @ManyToOne(() => Article, { nullable: true })\n  article: Article | null;\n\n  @ManyToMany(() => Article)\n  related: Article[];\n\n  @CreateDateColumn',
    );
    const { text, warnings } = await printSchema(root);
    expect(warnings).toEqual([]);
    expect(text).toContain(
      '  body: String\n  article: Article\n  related: [Article!]!\n  createdAt: DateTime!\n',
    );
    expect(validateSchema(buildSchema(text))).toEqual([]);
  });

  it('shows a prop added by hand to a Mongoose schema class, and a DTO field in the inputs', async () => {
    const root = fixture('mongodb');
    edit(
      join(root, 'src/notes/schemas/note.schema.ts'),
      '  createdAt',
      '  @Prop({ type: [Number], default: [] })\n  scores: number[];\n\n  @Prop()\n  pinned?: boolean;\n\n  createdAt',
    );
    edit(
      join(root, 'src/notes/dto/create-note.dto.ts'),
      /}\n$/,
      '\n  @IsOptional()\n  pinned?: boolean;\n}\n',
    );
    const { text } = await printSchema(root);
    expect(text).toContain(sdl`
      type Note implements Node {
        id: ID!
        title: String!
        body: String
        scores: [Float!]!
        pinned: Boolean
        createdAt: DateTime!
        updatedAt: DateTime!
      }
    `);
    expect(text).toContain(sdl`
      input NoteInput {
        title: String!
        body: String
        pinned: Boolean
      }
    `);
  });

  it('prints a field of a type it cannot map as String, with a warning naming the class and field', async () => {
    const root = fixture('sqlite');
    edit(
      join(root, 'src/articles/entities/article.entity.ts'),
      '  @ManyToOne',
      "  @Column({ type: 'simple-json' })\n  meta: Record<string, unknown>;\n\n  @ManyToOne",
    );
    const { text, warnings } = await printSchema(root);
    expect(text).toContain('  meta: String!\n');
    expect(warnings).toEqual([
      'Article.meta: the type Record<string, unknown> has no GraphQL equivalent, so it is printed as String',
    ]);
    expect(() => buildSchema(text)).not.toThrow();
  });

  it('leaves out a property GraphQL cannot name, with a warning, instead of failing', async () => {
    const root = fixture('sqlite');
    edit(join(root, 'src/notes/dto/create-note.dto.ts'), /}\n$/, "  'due-date'?: string;\n}\n");
    const { text, warnings } = await printSchema(root);
    expect(warnings).toEqual([
      "CreateNoteDto.'due-date': not a GraphQL field name (letters, digits and _), so it is left out",
    ]);
    expect(text).toContain(sdl`
      input NoteInput {
        title: String!
        body: String
      }
    `);
  });

  it('leaves out, with a warning, a resource named like a type the schema defines', async () => {
    const root = fixture('mongodb');
    const config = JSON.parse(readFileSync(join(root, 'restsmith.json'), 'utf8'));
    config.resources.push({
      name: 'node',
      endpoint: 'nodes',
      methods: { list: 'public' },
      fields: ['label:string'],
    });
    writeFileSync(join(root, 'restsmith.json'), JSON.stringify(config));
    const { text, warnings } = await printSchema(root);
    expect(warnings).toEqual([
      'Node: the schema already has a type of that name, so the resource node is left out',
    ]);
    expect(text).toBe(twoResources);
  });

  it('falls back to the fields in restsmith.json, with a warning, when a resource class is gone', async () => {
    const root = fixture('sqlite');
    edit(join(root, 'src/notes/entities/note.entity.ts'), 'export class Note', 'export class Memo');
    const { text, warnings } = await printSchema(root);
    expect(warnings).toEqual([
      'Note: no class Note with @Schema or @Entity under src/, so its fields come from restsmith.json',
    ]);
    expect(text).toContain(sdl`
      type Note implements Node {
        id: ID!
        title: String!
        body: String
        createdAt: DateTime!
        updatedAt: DateTime!
      }
    `);
  });
});
