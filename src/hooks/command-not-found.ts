// oclif `command_not_found` hook: names the closest command, in a terminal and in scripts alike.
import { Errors, toConfiguredId, type Hook } from '@oclif/core';
import { distance } from 'fastest-levenshtein';
import { isNear } from '../model/names.js';

/**
 * `rest nwe my-api` stops with exit code 127 (a shell's "command not found") and
 * `Error: "nwe" is not a rest command. Try this: rest new (or rest --help for every command)`.
 * oclif passes the words typed as one id (`nwe:my-api`): each command is compared with as many
 * words as it has. A guess further than a third of the typed name's length is not offered.
 */
const hook: Hook.CommandNotFound = async function ({ id, config }) {
  const words = id.split(':');
  const ids = config.commands
    .filter((command) => !command.hidden)
    .flatMap((command) => [command.id, ...command.aliases]);
  const guesses = ids.map((known) => {
    const typed = words.slice(0, known.split(':').length).join(':');
    return { known, typed, distance: distance(typed, known) };
  });
  const best = guesses.sort((a, b) => a.distance - b.distance)[0];
  const near = best !== undefined && isNear(best.typed, best.known);
  const typed = toConfiguredId(near ? best.typed : words[0]!, config);
  const help = `${config.bin} --help for every command`;
  Errors.error(`"${typed}" is not a ${config.bin} command.`, {
    exit: 127,
    suggestions: [near ? `${config.bin} ${toConfiguredId(best.known, config)} (or ${help})` : help],
  });
};

export default hook;
