import { describe, expect, it } from 'vitest';
import { nextSteps } from '../../src/project/next-steps.js';
import { normaliseProjectOptions } from '../../src/project/project-options.js';

const options = normaliseProjectOptions({ name: 'my-api', database: 'sqlite' });

describe('nextSteps', () => {
  it('says first that the project needs Node 22 when rest runs on an older Node', () => {
    const lines = nextSteps(options, { folder: 'my-api', installed: true, node: '20.19.5' });
    expect(lines.split('\n').slice(0, 3)).toEqual([
      'The project needs Node 22 or later (this is Node 20.19.5): switch before you run it.',
      '',
      'Next steps:',
    ]);
  });

  it('starts with the steps on Node 22 and later', () => {
    for (const node of ['22.12.0', '24.21.0']) {
      const lines = nextSteps(options, { folder: 'my-api', installed: true, node });
      expect(lines.split('\n')[0]).toBe('Next steps:');
    }
  });
});
