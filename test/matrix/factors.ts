// The factors of the combination matrix (`rest new` and `rest api` options) and the product's refusals.
import type { Row } from './covering-array.js';

export const FACTORS = {
  database: ['sqlite', 'postgres', 'mysql', 'mongodb'],
  http: ['express', 'fastify'],
  auth: ['on', 'off'],
  /** `default`: no --auth-methods (password with accounts); `github`: social sign-in only. */
  authMethods: ['default', 'github', 'password,github'],
  refreshTokens: ['off', 'on'],
  passwordReset: ['off', 'on'],
  emailConfirmation: ['off', 'on'],
  envelope: ['off', 'on'],
  apiRoot: ['none', '/api'],
  forceHttps: ['off', 'on'],
  signInOnCreate: ['off', 'on'],
  /** `--graphql`: POST /graphql beside the REST routes (issue 33). */
  graphql: ['off', 'on'],
  /** The article: `--owner author`. */
  owner: ['off', 'on'],
  /** The article's access lists: see ACCESS_FLAGS. */
  access: ['default', 'signed-in', 'master'],
  /** The article: `--indexes price`. */
  indexes: ['off', 'on'],
  /** The comment's reference to the article (owned when `owner` is on). */
  reference: ['required', 'optional', 'none'],
  /** The comment: `tags:ref:tag[]`. */
  listReference: ['off', 'on'],
  /** The comment: `--nested`. */
  nested: ['off', 'on'],
  /** The comment: `--no-graphql` (REST only; in a project without GraphQL, recorded for later). */
  commentGraphql: ['default', 'off'],
  /** `rest api article --access ...` once the table holds rows: see ACCESS_EDITS. */
  accessEdit: ['admin', 'master'],
} as const;

export type Factor = keyof typeof FACTORS;
export type Combination = Row<typeof FACTORS>;

/** The command of a project's life that takes a factor, in the order they run. */
export const STEPS = ['new', 'article', 'comment', 'access'] as const;
export type Step = (typeof STEPS)[number];

export const STEP_OF: Record<Factor, Step> = {
  database: 'new',
  http: 'new',
  auth: 'new',
  authMethods: 'new',
  refreshTokens: 'new',
  passwordReset: 'new',
  emailConfirmation: 'new',
  envelope: 'new',
  apiRoot: 'new',
  forceHttps: 'new',
  signInOnCreate: 'new',
  graphql: 'new',
  owner: 'article',
  access: 'article',
  indexes: 'article',
  reference: 'comment',
  listReference: 'comment',
  nested: 'comment',
  commentGraphql: 'comment',
  accessEdit: 'access',
};

export const ACCESS_FLAGS: Record<Combination['access'], string[]> = {
  default: [],
  'signed-in': ['--user', 'POST,PUT', '--admin', 'DELETE', '--public', 'GET'],
  master: ['--master', 'POST,PUT,DELETE', '--public', 'GET'],
};

export const ACCESS_EDITS: Record<Combination['accessEdit'], string> = {
  admin: 'DELETE=admin,GET=user',
  master: 'DELETE=master,GET=master',
};

/**
 * A combination the product refuses: a row breaks it when it has one of the listed values of every
 * factor named. `step` is the command that must refuse it, saying `reason` and `fix`.
 */
export interface Refusal {
  when: Partial<{ [F in Factor]: readonly Combination[F][] }>;
  step: Step;
  reason: string;
  fix: string;
}

const withoutAccounts = (flag: string): Refusal => ({
  when: { auth: ['off'], [camel(flag)]: ['on'] },
  step: 'new',
  reason: `--${flag} needs user accounts, which --no-auth turns off`,
  fix: `Drop one of --no-auth and --${flag}.`,
});

const camel = (flag: string) => flag.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** From src/project/project-options.ts, src/resource/resource-options.ts, resource-access.ts and edit/method-changes.ts. */
export const REFUSALS: Refusal[] = [
  ...['refresh-tokens', 'password-reset', 'email-confirmation', 'sign-in-on-create'].map(
    withoutAccounts,
  ),
  {
    when: { auth: ['off'], authMethods: ['github', 'password,github'] },
    step: 'new',
    reason: '--auth-methods needs user accounts, which --no-auth turns off',
    fix: 'Drop one of --no-auth and --auth-methods.',
  },
  {
    when: { refreshTokens: ['on'], signInOnCreate: ['on'] },
    step: 'new',
    reason: '--refresh-tokens and --sign-in-on-create do not go together yet',
    fix: 'Drop --sign-in-on-create: sign the new user in with POST /auth, which starts a session.',
  },
  {
    when: { passwordReset: ['on'], authMethods: ['github'] },
    step: 'new',
    reason: '--password-reset needs passwords, which --auth-methods leaves out',
    fix: 'Add password to the list, as in --auth-methods password,github, or drop --password-reset.',
  },
  {
    when: { auth: ['off'], owner: ['on'] },
    step: 'article',
    reason: '--owner needs user accounts, and this project has none (--no-auth).',
    fix: 'Drop --owner, or generate the project with user accounts.',
  },
  {
    when: { auth: ['off'], access: ['signed-in'] },
    step: 'article',
    reason: '--user needs user accounts, and this project has none (--no-auth).',
    fix: 'Use --public or --master for its methods.',
  },
  {
    when: { owner: ['on'], access: ['master'] },
    step: 'article',
    reason: 'With --owner, POST must be signed in (--user or --admin), not --master.',
    fix: 'Move POST to --user, or drop --owner.',
  },
  {
    when: { reference: ['none'], listReference: ['off'], nested: ['on'] },
    step: 'comment',
    reason: '--nested needs a reference field, and there is none.',
    fix: 'Add one to --fields, e.g. "category:ref:category", or drop --nested.',
  },
  {
    when: { auth: ['off'], accessEdit: ['admin'] },
    step: 'access',
    reason: '--access: admin needs user accounts, and this project has none.',
    fix: 'Use public or master.',
  },
  {
    when: { owner: ['on'], accessEdit: ['master'] },
    step: 'access',
    reason: 'With --owner, DELETE /:id must be signed in (--user or --admin), not --master.',
    fix: 'Move DELETE to --user, or drop --owner.',
  },
];

/** Whether the (partial) combination has every factor of the refusal, each at a refused value. */
export function breaks(refusal: Refusal, combination: Partial<Combination>): boolean {
  return Object.entries(refusal.when).every(([factor, values]) => {
    const value = combination[factor as Factor];
    return value !== undefined && (values as readonly string[]).includes(value);
  });
}

/** The constraint of the covering array: no refusal is broken by what is assigned so far. */
export const accepted = (combination: Partial<Combination>): boolean =>
  !REFUSALS.some((refusal) => breaks(refusal, combination));
