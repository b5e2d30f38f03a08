import { describe, expect, it } from 'vitest';
import { run } from './e2e/project.js';
import { PROJECT_NODE_VERSION, projectNodeHome } from './project-node.js';

describe('the Node that runs generated projects', () => {
  it('is the one the helpers put first on PATH, whatever Node runs vitest', () => {
    const node = run('node', ['-p', 'process.version + " " + process.execPath'], process.cwd());
    expect(node.status).toBe(0);
    const [version, path] = node.output.trim().split(' ');
    expect(version).toMatch(new RegExp(`^v${PROJECT_NODE_VERSION}\\.`));
    expect(path).toBe(`${projectNodeHome}/bin/node`);
  });

  it('runs npm too, with native builds pointed at its headers', () => {
    const npm = run('npm', ['exec', '--', 'node', '-p', 'process.version'], process.cwd());
    expect(npm.output.trim()).toMatch(new RegExp(`^v${PROJECT_NODE_VERSION}\\.`));
    const nodedir = run('npm', ['config', 'get', 'nodedir'], process.cwd());
    expect(nodedir.output.trim()).toBe(projectNodeHome);
  });
});
