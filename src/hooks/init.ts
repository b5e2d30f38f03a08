// oclif `init` hook: runs before the command's module loads.
import type { Hook } from '@oclif/core';
import { startFormatter } from '../engine/format.js';

/** The commands that format what they generate with prettier. */
const FORMATTING_COMMANDS = new Set(['new', 'api']);

/**
 * Starts the formatter thread (see format.ts) for the commands that will need it, so that prettier
 * loads on a second core while this one loads the command, ts-morph and the templates: about a
 * tenth of a second sooner than the command itself could start it.
 */
const hook: Hook.Init = async ({ id, argv }) => {
  const help = argv.some((arg) => arg === '--help' || arg === '-h');
  if (id && FORMATTING_COMMANDS.has(id) && !help) startFormatter();
};

export default hook;
