// Resolves path bits to a controller and its positional arguments, walking the module tree left to right.
import { className } from './path.js';
import type { ControllerEntry, ModuleNode } from './route-table.js';

export interface RouteMatch {
  controller: ControllerEntry;
  /** Path bits left after the module and class: the positional arguments. */
  args: string[];
}

/**
 * Modules match as deep as the bits allow; then, from the deepest module back towards the prefix, the first
 * module that has the class named by the next bit, or else a `Default`, answers.
 */
export function resolveRoute(root: ModuleNode, bits: string[]): RouteMatch | undefined {
  const chain = [root];
  for (let index = 0; index < bits.length; index++) {
    const child = chain[index].children.get(bits[index]);
    if (!child) break;
    chain.push(child);
  }
  for (let depth = chain.length - 1; depth >= 0; depth--) {
    const classes = chain[depth].classes;
    const name = depth < bits.length ? className(bits[depth]) : undefined;
    const named = name === undefined ? undefined : classes.get(name);
    if (named) return { controller: named, args: bits.slice(depth + 1) };
    const fallback = classes.get('Default');
    if (fallback) return { controller: fallback, args: bits.slice(depth) };
  }
  return undefined;
}
