// prettier itself: loaded by the formatter thread (format-worker.ts), or by format.ts where no thread can run.
import { createRequire } from 'node:module';
import { basename, extname, join } from 'node:path';
import type { Options, Plugin } from 'prettier';
import { DEFAULT_PRETTIER_CONFIG, type FormatJob } from './format-job.js';

/**
 * prettier's standalone build and its plugins, as CommonJS: `require()` lets the compile cache
 * (compile-cache.ts) keep their compiled code between runs, which Node 20 cannot do for the ES
 * modules of `import 'prettier'` (about a fifth of `rest new`'s CPU time went to compiling them), and
 * only the plugins a file needs load. Same printers, so the same output as `prettier.format`.
 */
const require = createRequire(import.meta.url);
type Standalone = { format: (text: string, options: Options) => Promise<string> };
const standalone = (): Standalone => require('prettier/standalone') as Standalone;
const plugin = (name: string): Plugin => require(`prettier/plugins/${name}`) as Plugin;

/**
 * The plugins that parse and print each kind of file the generators write; prettier infers the
 * parser from their languages as it does with all of them (`.prettierrc` is JSON when it parses as
 * JSON, else YAML). test/engine/prettier-format.test.ts compares every generated file's text with
 * prettier's own `format`.
 */
function pluginsFor(path: string, parser: Options['parser']): Plugin[] {
  if (parser === 'typescript') return [plugin('typescript'), plugin('estree')];
  if (parser === 'json') return [plugin('babel'), plugin('estree')];
  if (basename(path) === '.prettierrc') return [plugin('babel'), plugin('estree'), plugin('yaml')];
  switch (extname(path)) {
    case '.md':
    case '.markdown':
      return [plugin('markdown'), plugin('babel'), plugin('estree')];
    case '.yaml':
    case '.yml':
      return [plugin('yaml')];
    default:
      return [plugin('babel'), plugin('estree')];
  }
}

/** Formats one job with its configuration (see FormatJob). */
export async function formatJob(job: FormatJob): Promise<string> {
  const config =
    job.config ??
    (job.projectRoot ? await resolveConfig(join(job.projectRoot, job.path)) : null) ??
    DEFAULT_PRETTIER_CONFIG;
  return formatText(job.path, job.text, config);
}

/** An existing project's configuration (`rest api`): needs prettier's file-system build. */
async function resolveConfig(path: string): Promise<Options | null> {
  const prettier = await import('prettier');
  return prettier.resolveConfig(path, { editorconfig: true });
}

/**
 * `path` picks the parser (json, json-stringify for package.json...). TypeScript goes through
 * prettier's `babel-ts` parser first: its plugin loads in a third of the time of the `typescript`
 * one, and both print the same (checked on every file of the generated projects); what babel
 * cannot parse falls back to `typescript`.
 */
export async function formatText(path: string, text: string, config: Options): Promise<string> {
  const { format } = standalone();
  const options = { ...config, filepath: path };
  // The generator writes .prettierrc as JSON: then the YAML plugin (0.1 s to load) is not needed.
  if (basename(path) === '.prettierrc' && !config.parser && isJson(text)) {
    return format(text, { ...options, parser: 'json', plugins: pluginsFor(path, 'json') });
  }
  if (!/\.[cm]?tsx?$/.test(path) || config.parser) {
    return format(text, { ...options, plugins: pluginsFor(path, config.parser) });
  }
  try {
    return await format(text, {
      ...options,
      parser: 'babel-ts',
      plugins: pluginsFor(path, 'babel-ts'),
    });
  } catch {
    return format(text, {
      ...options,
      parser: 'typescript',
      plugins: pluginsFor(path, 'typescript'),
    });
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The shapes generated TypeScript has: imports, decorated classes, async methods, objects, arrows. */
const WARM_UP_TYPESCRIPT = [
  "import { Body, Controller, Get, Post } from '@nestjs/common';",
  "import type { Note } from './note.entity.js';",
  '@Controller("notes") export class NotesController {',
  '  constructor(private readonly notes: NotesService, @Inject(KEY) key?: string) {}',
  '  @Post() @HttpCode(201) async create(@Body() body: CreateNoteDto): Promise<Note> {',
  '    const { title, tags = [] } = body; if (!title) throw new BadRequestException(`no ${title}`);',
  '    return this.notes.create({ ...body, tags: tags.map((tag) => tag.trim()), at: new Date() });',
  '  }',
  '  @Get() list(@Query() query: ListQuery): Array<Record<string, unknown>> | undefined {',
  "    return query.items?.filter((item) => item.id !== '' && item.count > 0) ?? [];",
  '  }',
  '}',
  "export const config = { key: process.env.KEY ?? 'x', list: [1, 2, 3] } as const;",
  "describe('notes', () => { it('creates', async () => { expect(await request()).toEqual({}); }); });",
].join('\n');

/**
 * Formats a file of each kind the generator writes, so that prettier's parsers and printers are
 * loaded and compiled before the first real file arrives (the thread does this while the main
 * thread loads ts-morph).
 */
export async function warmUp(): Promise<void> {
  await formatText('warm-up.ts', WARM_UP_TYPESCRIPT, DEFAULT_PRETTIER_CONFIG);
  await formatText('warm-up.json', '{"a":[1,{"b":true}]}', DEFAULT_PRETTIER_CONFIG);
}
