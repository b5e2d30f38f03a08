#!/usr/bin/env node
// Error messages stay on one line when stderr is a file or a pipe (scripts and CI read them whole).
if (!process.stderr.isTTY) process.env.OCLIF_COLUMNS ??= '400';
const { execute, settings } = await import('@oclif/core');
// The built CLI runs dist/ whatever NODE_ENV says: with "test" or "development" oclif would look for a
// checkout's TypeScript sources (and, on Node 22+, warn and load hooks through tsx). bin/dev.js does that.
settings.enableAutoTranspile = false;
await execute({ dir: import.meta.url });
