// Every file of a new project, for `rest new`: one entry per template in this folder.
import type { GeneratedFile } from '../src/generator/generated-file.js';
import type { ProjectOptions } from '../src/generator/options.js';

// TODO(templates): placeholder from the engine's author so that `rest new` builds; the templates'
// author owns this file and replaces the body with the real list.
export function projectFiles(_options: ProjectOptions): GeneratedFile[] {
  return [];
}
