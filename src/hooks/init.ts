// oclif `init` hook: runs before the command's module loads.
import type { Hook } from '@oclif/core';
import { startFormatter } from '../engine/format.js';
import { formatCacheFilled } from '../engine/format-cache.js';

/** The commands that format what they generate with prettier. */
const FORMATTING_COMMANDS = new Set(['new', 'api']);

/**
 * Starts the formatter thread (see format.ts) for the commands that will need it, so that prettier
 * loads on a second core while this one loads the command, ts-morph and the templates: about a
 * tenth of a second sooner than the command itself could start it.
 */
const hook: Hook.Init = async ({ id, argv }) => {
  const help = argv.some((arg) => arg === '--help' || arg === '-h');
  if (!id || !FORMATTING_COMMANDS.has(id) || help) return;
  // `rest new` with the format cache filled: most files come from the cache, and the thread starts at
  // the first file that does not (format.ts), rather than load prettier for nothing.
  if (id === 'new' && formatCacheFilled()) return;
  startFormatter();
};

export default hook;
