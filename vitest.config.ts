import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 600_000,
    // Whole-project tests install and run generated projects; they opt into longer timeouts.
    pool: 'forks',
    // Generated projects run on Node 24 from the npm registry, whatever Node runs vitest.
    globalSetup: ['test/project-node-setup.ts'],
    env: {
      // The format cache (src/engine/format-cache.ts) of this run: not the user's own, and shared by
      // the run's generated projects as a user's successive `rest new` runs share it.
      RESTSMITH_CACHE_DIR: mkdtempSync(join(tmpdir(), 'restsmith-test-cache-')),
    },
  },
});
