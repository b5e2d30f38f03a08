#!/usr/bin/env node
// Error messages stay on one line when stderr is a file or a pipe (scripts and CI read them whole).
if (!process.stderr.isTTY) process.env.OCLIF_COLUMNS ??= '400';
const { execute } = await import('@oclif/core');
await execute({ dir: import.meta.url });
