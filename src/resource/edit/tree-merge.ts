// Carries a template change (old rendering -> new rendering) into the user's file, node by node, found by name.
import type { Node as TsNode } from 'ts-morph';
import { Project } from '../../loader/ts-morph.js';
import { UserError } from '../../model/user-error.js';
import { children, label, skeleton, type Child } from './tree-children.js';

/** The user changed a place the edit needs; nothing was written. */
export class EditRefusedError extends UserError {
  constructor(
    readonly file: string,
    readonly place: string,
    message: string,
    hint: string,
  ) {
    super(`${file}: ${place}: ${message}`, { hint });
    this.name = 'EditRefusedError';
  }
}

interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The user's text with what changed between `before` and `after` (the templates rendered for the
 * resource as it was and as it will be) carried over. A node the user left as generated is
 * replaced whole; one they edited is entered, and its children are matched by name (class
 * members, properties, statements, list items), so that their own lines stay byte for byte.
 * A place the edit needs that the user changed is refused with the fix. `renames` maps old
 * names to new ones, so that a renamed member is matched to its old self.
 * @example mergeChange(userText, before, after, 'src/articles/article.view.ts', new Map([['summary', 'abstract']]))
 */
export function mergeChange(
  user: string,
  before: string,
  after: string,
  path: string,
  renames: ReadonlyMap<string, string> = new Map(),
): string {
  if (before === after || user === after) return user;
  if (user === before) return after;
  const project = new Project({ useInMemoryFileSystem: true });
  const parse = (name: string, text: string) =>
    project.createSourceFile(`/${name}/${path}`, text, { overwrite: true });
  const merger = new Merger(path, renames);
  merger.merge(parse('user', user), parse('before', before), parse('after', after), 'the file');
  return applyEdits(user, merger.edits);
}

function applyEdits(text: string, edits: TextEdit[]): string {
  // From the end, so that earlier offsets hold; at one offset, a removal before an insertion, and
  // insertions last to first, so that two inserted beside one neighbour keep the template's order.
  const ordered = edits
    .map((edit, index) => ({ ...edit, index }))
    .sort((a, b) => b.start - a.start || b.end - a.end || b.index - a.index);
  return ordered.reduce(
    (result, edit) => result.slice(0, edit.start) + edit.text + result.slice(edit.end),
    text,
  );
}

class Merger {
  readonly edits: TextEdit[] = [];

  constructor(
    private readonly path: string,
    private readonly renames: ReadonlyMap<string, string>,
  ) {}

  merge(user: TsNode, before: TsNode, after: TsNode, place: string): void {
    const [u, b, a] = [user, before, after].map((node) => node.getText());
    if (b === a || u === a) return;
    if (u === b) {
      this.edits.push({ start: user.getStart(), end: user.getEnd(), text: a });
      return;
    }
    const [uc, bc, ac] = [user, before, after].map(children);
    if (!uc || !bc || !ac || user.getKind() !== after.getKind()) {
      throw this.refuse(place, 'was changed by hand where this edit has to change it.');
    }
    // Only the children are merged: a change between them (a signature, a class decorator) needs the node as generated.
    if (skeleton(before, bc) !== skeleton(after, ac)) {
      throw this.refuse(place, 'was changed by hand where this edit has to change it.');
    }
    const renamed = (list: Child[]) =>
      list.map((child) => ({ ...child, key: this.renamedKey(child.key), label: child.key }));
    this.mergeChildren(renamed(uc), renamed(bc), ac, place);
  }

  private mergeChildren(user: Child[], before: Child[], after: Child[], place: string): void {
    const find = (list: Child[], key: string) => list.find((child) => child.key === key)?.node;
    after.forEach((child, index) => {
      const own = find(user, child.key);
      const old = find(before, child.key);
      const where = `${place} > ${label(before.find((found) => found.key === child.key) ?? child)}`;
      if (old) {
        if (old.getText() === child.node.getText()) return;
        if (!own) throw this.refuse(where, 'is gone, and this edit has to change it.');
        this.merge(own, old, child.node, where);
      } else if (own) {
        if (own.getText() !== child.node.getText()) {
          throw this.refuse(where, 'exists already, written by hand.');
        }
      } else {
        this.insert(user, after, index);
      }
    });
    for (const child of before) {
      if (find(after, child.key)) continue;
      const own = user.findIndex((found) => found.key === child.key);
      if (own >= 0) this.remove(user, own);
    }
  }

  /** Inserts `after[index]` with the separator the templates put before it, beside its neighbour. */
  private insert(user: Child[], after: Child[], index: number): void {
    const node = after[index]!.node;
    const text = node.getSourceFile().getFullText();
    for (let previous = index - 1; previous >= 0; previous--) {
      const anchor = user.find((child) => child.key === after[previous]!.key);
      if (!anchor) continue;
      const separator = text.slice(after[index - 1]!.node.getEnd(), node.getStart());
      const at = anchor.node.getEnd();
      this.edits.push({ start: at, end: at, text: separator + node.getText() });
      return;
    }
    const next = after[index + 1];
    const anchor = next && user.find((child) => child.key === next.key);
    if (!anchor || !next) throw this.refuse(label(after[index]!), 'has no neighbour to go beside.');
    const at = anchor.node.getStart();
    this.edits.push({
      start: at,
      end: at,
      text: text.slice(node.getStart(), next.node.getStart()),
    });
  }

  private remove(user: Child[], index: number): void {
    const node = user[index]!.node;
    const previous = user[index - 1];
    const next = user[index + 1];
    if (previous) this.edits.push({ start: previous.node.getEnd(), end: node.getEnd(), text: '' });
    else if (next) this.edits.push({ start: node.getStart(), end: next.node.getStart(), text: '' });
    else this.edits.push({ start: node.getStart(), end: node.getEnd(), text: '' });
  }

  private renamedKey(key: string): string {
    return key.replace(/[A-Za-z_$][\w$]*/g, (word) => this.renames.get(word) ?? word);
  }

  private refuse(place: string, problem: string): EditRefusedError {
    return new EditRefusedError(
      this.path,
      place,
      problem,
      'Nothing was written. Restore that place as generated (git diff shows your change), or make this change by hand; --dry-run shows the whole edit.',
    );
  }
}
