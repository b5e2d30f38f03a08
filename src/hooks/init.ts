// oclif `init` hook: runs before the command's module loads.
import type { Hook } from '@oclif/core';
import { canPrompt } from '../cli/can-prompt.js';
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
  // `rest new` with the format cache filled (by the build's packaged entries, or an earlier run) and
  // the choices the build formatted: every file comes from the cache, and the thread starts at the
  // first that does not (format.ts) rather than load prettier for nothing.
  if (id === 'new' && formatCacheFilled() && !beyondPackagedChoices(argv)) return;
  startFormatter();
};

/**
 * `rest new` flags whose files the build did not format (src/project/format-seed.ts formats every
 * database and HTTP platform with the other choices' defaults), and the prompts, which may choose them.
 */
const UNPACKAGED_CHOICES = new Set([
  '--no-auth',
  '--sign-in-on-create',
  '--refresh-tokens',
  '--password-reset',
  '--api-root',
  '--force-https',
  '--envelope',
  '--email-confirmation',
  '--auth-methods',
]);

function beyondPackagedChoices(argv: string[]): boolean {
  const prompts = canPrompt(argv.some((arg) => arg === '--yes' || arg === '-y'));
  return prompts || argv.some((arg) => UNPACKAGED_CHOICES.has(arg.split('=')[0]!));
}

export default hook;
