// `--add-methods`, `--remove-methods`, `--access` read against a resource's routes: the routes it will have, and who may call each.
import { UserError } from '../../model/user-error.js';
import {
  ACCESS_LEVELS,
  RESOURCE_METHODS,
  type Access,
  type ResourceMethod,
  type ResourceOptions,
} from '../../model/resource.js';
import {
  METHOD_LABELS,
  checkOwnedAccess,
  defaultAccess,
  parseMethods,
} from '../resource-access.js';

export interface MethodChangeInput {
  /** `PATCH,DELETE` */
  addMethods?: string;
  /** `DELETE` */
  removeMethods?: string;
  /** `DELETE=admin,PUT=user` */
  access?: string;
}

/**
 * The routes after the change, each with its access level; undefined when they are so already,
 * so that running an edit twice changes nothing the second time.
 * @example changeMethods(article, { access: 'DELETE=admin' }, true) // { ...article.methods, delete: 'admin' }
 */
export function changeMethods(
  resource: ResourceOptions,
  input: MethodChangeInput,
  auth: boolean,
): ResourceOptions['methods'] | undefined {
  const methods = { ...resource.methods };
  const owned = resource.owner !== undefined;
  const added =
    input.addMethods === undefined ? [] : parseMethods(input.addMethods, '--add-methods');
  const removed =
    input.removeMethods === undefined ? [] : parseMethods(input.removeMethods, '--remove-methods');
  const both = added.find((kind) => removed.includes(kind));
  if (both) {
    throw new UserError(`${METHOD_LABELS[both]} is in both --add-methods and --remove-methods.`, {
      hint: 'Name each method in one of them.',
    });
  }
  for (const kind of added) methods[kind] ??= defaultAccess(kind, owned);
  for (const kind of removed) delete methods[kind];
  if (RESOURCE_METHODS.every((kind) => methods[kind] === undefined)) {
    throw new UserError(`${resource.names.kebab} would have no route left.`, {
      hint: 'Keep at least one method, or delete the resource folder and its restsmith.json entry by hand.',
    });
  }
  for (const [kind, access] of parseAccess(input.access ?? '', auth)) {
    if (!methods[kind]) {
      throw new UserError(
        `--access names ${METHOD_LABELS[kind]}, which ${resource.names.kebab} does not have.`,
        {
          hint: `Add it in the same command: --add-methods ${METHOD_LABELS[kind].split(/[ /]/)[0]}.`,
        },
      );
    }
    methods[kind] = access;
  }
  if (owned) checkOwnedAccess(methods);
  const same = RESOURCE_METHODS.every((kind) => methods[kind] === resource.methods[kind]);
  return same ? undefined : methods;
}

/** `DELETE=admin,PUT=user` as route kinds with their levels (`GET` stands for the list and one entry). */
function parseAccess(text: string, auth: boolean): Map<ResourceMethod, Access> {
  const result = new Map<ResourceMethod, Access>();
  for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
    const [word, level, ...rest] = pair.split('=');
    if (!word || !level || rest.length > 0) {
      throw new UserError(`--access: "${pair}" is not METHOD=level.`, {
        hint: `Write it as --access DELETE=admin,PUT=user (levels: ${ACCESS_LEVELS.join(', ')}).`,
      });
    }
    const access = level.trim().toLowerCase() as Access;
    if (!ACCESS_LEVELS.includes(access)) {
      throw new UserError(`--access: "${level}" is not an access level.`, {
        hint: `Use one of ${ACCESS_LEVELS.join(', ')}, as in DELETE=admin.`,
      });
    }
    if (!auth && (access === 'user' || access === 'admin')) {
      throw new UserError(`--access: ${access} needs user accounts, and this project has none.`, {
        hint: 'Use public or master.',
      });
    }
    for (const kind of parseMethods(word, '--access')) {
      const other = result.get(kind);
      if (other && other !== access) {
        throw new UserError(`--access gives ${METHOD_LABELS[kind]} both ${other} and ${access}.`, {
          hint: 'Give each method one access level.',
        });
      }
      result.set(kind, access);
    }
  }
  return result;
}

/** Words naming the change, for messages: ['add', 'PATCH', ...]. */
export function describeMethodChange(
  before: ResourceOptions['methods'],
  after: ResourceOptions['methods'],
): string[] {
  return RESOURCE_METHODS.flatMap((kind) => {
    const [from, to] = [before[kind], after[kind]];
    if (from === to) return [];
    if (!from) return [`${METHOD_LABELS[kind]}: added (${to})`];
    if (!to) return [`${METHOD_LABELS[kind]}: removed`];
    return [`${METHOD_LABELS[kind]}: ${from} -> ${to}`];
  });
}
