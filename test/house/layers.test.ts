// The house: one model at the bottom, parts that import downward only (issue 32, docs/development.md).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, moduleSpecifiers } from './import-graph.js';
import { RULES } from './rules.js';

const repository = resolve(import.meta.dirname, '../..');
const edges = importEdges(repository, ['src', 'templates-ast']);

describe('the import graph', () => {
  it('reads every kind of import: type-only, export-from, import() and import types', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "const f = await import('./f.js');",
      "let g: import('./g.js').G;",
      "const text = `import { h } from './h.js'`;",
    ].join('\n');
    expect(moduleSpecifiers(text)).toEqual([
      { specifier: './a.js', typeOnly: false },
      { specifier: './b.js', typeOnly: true },
      { specifier: './c.js', typeOnly: true },
      { specifier: './d.js', typeOnly: false },
      { specifier: './e.js', typeOnly: true },
      { specifier: './f.js', typeOnly: false },
      { specifier: './g.js', typeOnly: true },
    ]);
  });

  it('finds the imports between our modules', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges).toContainEqual({
      from: 'src/commands/new.ts',
      to: 'src/project/new-project.ts',
      typeOnly: false,
    });
  });
});

describe('the house', () => {
  it('keeps what a project is in src/model', () => {
    const model = [
      'project.ts',
      'resource.ts',
      'names.ts',
      'field-parser.ts',
      'project-config.ts',
      'project-config-check.ts',
      'user-error.ts',
    ];
    expect(model.filter((file) => !existsSync(join(repository, 'src/model', file)))).toEqual([]);
  });

  it.each(RULES)('$name', (rule) => {
    const broken = rule.broken(edges);
    expect(broken, `\n${broken.join('\n')}`).toEqual([]);
  });
});
