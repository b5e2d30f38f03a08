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
  let node = root;
  let depth = 0;
  for (let child = node.children.get(bits[0]); child; child = node.children.get(bits[depth])) {
    node = child;
    if (++depth === bits.length) break;
  }
  for (let current: ModuleNode | undefined = node; current; current = current.parent, depth--) {
    const { classes } = current;
    const name = depth < bits.length ? className(bits[depth]) : undefined;
    // `Default` answers the bits no class names; a bit naming it is an argument, never the class.
    const named = name === undefined || name === 'Default' ? undefined : classes.get(name);
    if (named) return { controller: named, args: argsFrom(bits, depth + 1) };
    const fallback = classes.get('Default');
    if (fallback) return { controller: fallback, args: argsFrom(bits, depth) };
  }
  return undefined;
}

const noArgs = Object.freeze([]) as unknown as string[];

/** The bits from `start` on; most routes take none, and share one empty list. */
function argsFrom(bits: string[], start: number): string[] {
  return start >= bits.length ? noArgs : bits.slice(start);
}
