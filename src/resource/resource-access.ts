// Who may call each route of a resource: the --methods, --master, --admin, --user and --public lists, as `yo rest:api` took them.
import { UserError } from '../model/user-error.js';
import {
  ACCESS_LEVELS,
  RESOURCE_METHODS,
  type Access,
  type ResourceMethod,
  type ResourceOptions,
} from '../model/resource.js';

/** Access lists as given: the methods each level guards, e.g. `{ user: 'POST', admin: 'DELETE' }`. */
export interface AccessInput {
  methods?: string;
  access?: Partial<Record<Access, string>>;
  /** Methods that also need a confirmed e-mail: signed-in users' unless a list says otherwise. */
  confirmed?: string;
}

/** The HTTP words users know from `yo rest:api`, and the route kinds they stand for. */
const METHOD_WORDS: Record<string, ResourceMethod[]> = {
  post: ['create'],
  get: ['list', 'read'],
  'get-list': ['list'],
  'get-one': ['read'],
  put: ['update'],
  patch: ['update'],
  delete: ['delete'],
  ...Object.fromEntries(RESOURCE_METHODS.map((method) => [method, [method]])),
};

export const METHOD_LABELS: Record<ResourceMethod, string> = {
  create: 'POST',
  list: 'GET (list)',
  read: 'GET /:id',
  update: 'PUT/PATCH /:id',
  delete: 'DELETE /:id',
};

/** The word that names a route kind in --user/--admin lists. */
const FLAG_WORDS: Record<ResourceMethod, string> = {
  create: 'POST',
  list: 'GET',
  read: 'GET',
  update: 'PUT',
  delete: 'DELETE',
};

/** A comma list of HTTP words (`POST,GET,PUT`) or route kinds (`create,list`) as route kinds. */
export function parseMethods(text: string, flag: string): ResourceMethod[] {
  const kinds = new Set<ResourceMethod>();
  for (const word of text.split(/\s*,\s*/).filter(Boolean)) {
    const key = word.trim().toLowerCase().replace(/\s+/g, '-');
    const found = METHOD_WORDS[key];
    if (!found) {
      throw new UserError(`${flag}: "${word}" is not a method.`, {
        hint: 'Use POST, GET, PUT, PATCH, DELETE (or create, list, read, update, delete), comma-separated.',
      });
    }
    found.forEach((kind) => kinds.add(kind));
  }
  return RESOURCE_METHODS.filter((kind) => kinds.has(kind));
}

export function accessPerMethod(
  input: AccessInput,
  owned: boolean,
  auth: boolean,
): ResourceOptions['methods'] {
  const kinds = input.methods?.trim()
    ? parseMethods(input.methods, '--methods')
    : [...RESOURCE_METHODS];
  const explicit = explicitAccess(input, kinds, auth);
  const confirmed = input.confirmed?.trim() ? parseMethods(input.confirmed, '--confirmed') : [];
  const result: ResourceOptions['methods'] = {};
  for (const kind of kinds) {
    const signedIn = confirmed.includes(kind) ? 'user' : undefined;
    result[kind] = explicit.get(kind) ?? signedIn ?? defaultAccess(kind, owned);
  }
  if (owned) checkOwnedAccess(result);
  return result;
}

function explicitAccess(
  input: AccessInput,
  kinds: ResourceMethod[],
  auth: boolean,
): Map<ResourceMethod, Access> {
  const explicit = new Map<ResourceMethod, Access>();
  for (const access of ACCESS_LEVELS) {
    const text = input.access?.[access];
    if (!text?.trim()) continue;
    if (!auth && (access === 'user' || access === 'admin')) {
      throw new UserError(
        `--${access} needs user accounts, and this project has none (--no-auth).`,
        {
          hint: 'Use --public or --master for its methods.',
        },
      );
    }
    for (const kind of parseMethods(text, `--${access}`)) {
      if (!kinds.includes(kind)) {
        throw new UserError(
          `--${access} names ${METHOD_LABELS[kind]}, which --methods leaves out.`,
          {
            hint: `Add it to --methods or remove it from --${access}.`,
          },
        );
      }
      const other = explicit.get(kind);
      if (other) {
        throw new UserError(`${METHOD_LABELS[kind]} is in both --${other} and --${access}.`, {
          hint: 'Give each method one access level.',
        });
      }
      explicit.set(kind, access);
    }
  }
  return explicit;
}

/** As `yo rest:api`: everything public; an owned resource needs a signed-in creator and editor. */
export function defaultAccess(kind: ResourceMethod, owned: boolean): Access {
  return owned && (kind === 'create' || kind === 'update' || kind === 'delete') ? 'user' : 'public';
}

export function checkOwnedAccess(methods: ResourceOptions['methods']): void {
  if (!methods.create) {
    throw new UserError('--owner records who created an entry, so it needs the POST method.', {
      hint: 'Add POST to --methods, or drop --owner.',
    });
  }
  for (const kind of ['create', 'update', 'delete'] as const) {
    const access = methods[kind];
    if (access === 'public' || access === 'master') {
      throw new UserError(
        `With --owner, ${METHOD_LABELS[kind]} must be signed in (--user or --admin), not --${access}.`,
        { hint: `Move ${FLAG_WORDS[kind]} to --user, or drop --owner.` },
      );
    }
  }
}

/**
 * `--confirmed POST,PUT`: methods that also need a confirmed e-mail. They need a signed-in user, so
 * each must exist and be `user` or `admin` (accessPerMethod makes an unlisted one `user`).
 */
export function confirmedMethods(
  text: string,
  methods: ResourceOptions['methods'],
): ResourceMethod[] {
  const kinds = parseMethods(text, '--confirmed');
  for (const kind of kinds) {
    const access = methods[kind];
    if (!access) {
      throw new UserError(`--confirmed names ${METHOD_LABELS[kind]}, which --methods leaves out.`, {
        hint: `Add it to --methods or remove it from --confirmed.`,
      });
    }
    if (access !== 'user' && access !== 'admin') {
      throw new UserError(
        `--confirmed names ${METHOD_LABELS[kind]}, which is --${access}: only a signed-in user has an e-mail to confirm.`,
        { hint: `Move ${FLAG_WORDS[kind]} to --user or --admin, or remove it from --confirmed.` },
      );
    }
  }
  return kinds;
}
