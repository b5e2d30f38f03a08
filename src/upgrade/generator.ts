// A restsmith that renders a project from its restsmith.json: this one, or an older build (`rest upgrade --base-from`).
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { isRegenerated } from '../engine/base-record.js';
import { renderFiles } from '../engine/render.js';
import type { ProjectConfig } from '../model/config-record.js';
import { projectOptions } from '../model/project-config.js';
import { UserError } from '../model/user-error.js';
import { restsmithVersion } from '../loader/version.js';
import { addModuleToAppModule, resourceModule } from '../resource/app-module-editor.js';

export interface Generator {
  version: string;
  projectFiles: typeof projectFiles;
  resourceFiles: typeof resourceFiles;
  renderFiles: typeof renderFiles;
  projectOptions: typeof projectOptions;
}

export const runningGenerator = (): Generator => ({
  version: restsmithVersion(),
  projectFiles,
  resourceFiles,
  renderFiles,
  projectOptions,
});

/** The four entry points of a built restsmith in `folder` (a checkout after `npm run build`, or node_modules/restsmith). */
export async function generatorAt(folder: string): Promise<Generator> {
  const root = resolve(folder);
  const entry = (path: string) => join(root, 'dist', path);
  const needed = [
    'templates-ast/project.js',
    'templates-ast/resource.js',
    'src/engine/render.js',
    'src/model/project-config.js',
  ];
  const missing = needed.find((path) => !existsSync(entry(path)));
  if (missing) {
    throw new UserError(
      `--base-from ${folder} holds no built restsmith: dist/${missing} is missing`,
      {
        hint: `Point --base-from at the restsmith that made the project, built: a checkout after npm ci && npm run build, or a folder where npm install restsmith@<version> put it (node_modules/restsmith).`,
      },
    );
  }
  const load = (path: string) => import(pathToFileURL(entry(path)).href) as Promise<unknown>;
  const [project, resource, render, config] = (await Promise.all(needed.map(load))) as [
    { projectFiles: typeof projectFiles },
    { resourceFiles: typeof resourceFiles },
    { renderFiles: typeof renderFiles },
    { projectOptions: typeof projectOptions },
  ];
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return {
    version: manifest.version ?? 'unknown',
    projectFiles: project.projectFiles,
    resourceFiles: resource.resourceFiles,
    renderFiles: render.renderFiles,
    projectOptions: config.projectOptions,
  };
}

/**
 * Every file `generator` writes for the project `config` records, with its resources as they are now,
 * without the files an upgrade leaves alone (migrations, .env, restsmith.json).
 * Formatted with the project's generated prettier settings, as rest new formats them, not the user's.
 */
export async function generatedFiles(
  generator: Generator,
  config: ProjectConfig,
): Promise<Map<string, string>> {
  const options = generator.projectOptions(config);
  const files = [
    ...generator.projectFiles(options),
    ...options.resources.flatMap((resource) => generator.resourceFiles(options, resource)),
  ];
  const rendered = await generator.renderFiles(files, { check: 'syntax' });
  const texts = new Map(
    rendered.filter((file) => isRegenerated(file.path)).map((file) => [file.path, file.text]),
  );
  // rest api adds each resource's module to the AppModule with its editor, in the order recorded.
  const appModule = posix.join(options.sourceDir, 'app.module.ts');
  let text = texts.get(appModule);
  for (const resource of options.resources) {
    text = addModuleToAppModule(text, appModule, resourceModule(options.sourceDir, resource));
  }
  if (text !== undefined) texts.set(appModule, text);
  return texts;
}
