// prettier itself: loaded by the formatter thread (format-worker.ts), or by format.ts where no thread can run.
import { join } from 'node:path';
import * as prettier from 'prettier';
import { DEFAULT_PRETTIER_CONFIG, type FormatJob } from './format.js';

/** Formats one job with its configuration (see FormatJob). */
export async function formatJob(job: FormatJob): Promise<string> {
  const config =
    job.config ??
    (job.projectRoot
      ? await prettier.resolveConfig(join(job.projectRoot, job.path), { editorconfig: true })
      : null) ??
    DEFAULT_PRETTIER_CONFIG;
  return formatText(job.path, job.text, config);
}

/**
 * `path` picks the parser (json, json-stringify for package.json...). TypeScript goes through
 * prettier's `babel-ts` parser first: its plugin loads in a third of the time of the `typescript`
 * one, and both print the same (checked on every file of the generated projects); what babel
 * cannot parse falls back to `typescript`.
 */
export async function formatText(
  path: string,
  text: string,
  config: prettier.Options,
): Promise<string> {
  const options = { ...config, filepath: path };
  if (!/\.[cm]?tsx?$/.test(path) || config.parser) return prettier.format(text, options);
  try {
    return await prettier.format(text, { ...options, parser: 'babel-ts' });
  } catch {
    return prettier.format(text, { ...options, parser: 'typescript' });
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
