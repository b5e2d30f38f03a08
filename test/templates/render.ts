// Renders whole generated projects once per set of choices, for the template tests.
import type { RenderedFile } from '../../src/engine/render.js';
import { renderFiles } from '../../src/engine/render.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { normaliseProjectOptions, type ProjectInput } from '../../src/project/project-options.js';
import { projectFiles } from '../../templates-ast/project.js';

export interface RenderedProject {
  options: ProjectOptions;
  files: RenderedFile[];
  text: (path: string) => string;
}

const cache = new Map<string, Promise<RenderedProject>>();

export function renderProject(input: ProjectInput): Promise<RenderedProject> {
  const key = JSON.stringify(input);
  if (!cache.has(key)) cache.set(key, render(input));
  return cache.get(key)!;
}

async function render(input: ProjectInput): Promise<RenderedProject> {
  const options = normaliseProjectOptions({ name: 'my-api', packageManager: 'npm', ...input });
  const files = await renderFiles(projectFiles(options));
  const text = (path: string) => {
    const file = files.find((candidate) => candidate.path === path);
    if (!file) throw new Error(`no generated file ${path}`);
    return file.text;
  };
  return { options, files, text };
}
