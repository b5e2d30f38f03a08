// What a combination of the matrix runs: the `rest new` flags, then each `rest api` step of the project's life.
import { ACCESS_EDITS, ACCESS_FLAGS, type Combination, type Step } from './factors.js';

const on = (value: string) => value === 'on';

/** The flags of `rest new` but --database, which test/api/project.ts gives. */
export function newFlags(row: Combination): string[] {
  return [
    '--http',
    row.http,
    ...(on(row.auth) ? [] : ['--no-auth']),
    ...(row.authMethods === 'default' ? [] : ['--auth-methods', row.authMethods]),
    ...(on(row.refreshTokens) ? ['--refresh-tokens'] : []),
    ...(on(row.passwordReset) ? ['--password-reset'] : []),
    ...(on(row.emailConfirmation) ? ['--email-confirmation'] : []),
    ...(on(row.envelope) ? ['--envelope'] : []),
    ...(row.apiRoot === 'none' ? [] : ['--api-root', row.apiRoot]),
    ...(on(row.forceHttps) ? ['--force-https'] : []),
    ...(on(row.signInOnCreate) ? ['--sign-in-on-create'] : []),
    ...(on(row.graphql) ? ['--graphql'] : []),
  ];
}

/** One `rest api` command; `schema` when it changes the tables (a drift check follows it). */
export interface ApiStep {
  step: Step | 'tag' | 'add' | 'rename' | 'remove';
  args: string[];
  schema: boolean;
}

export const ARTICLE_FIELDS = 'title price?:number body?:text';

export function articleArgs(row: Combination): string[] {
  return [
    'article',
    '--fields',
    ARTICLE_FIELDS,
    ...(on(row.owner) ? ['--owner', 'author'] : []),
    ...ACCESS_FLAGS[row.access],
    ...(on(row.indexes) ? ['--indexes', 'price'] : []),
  ];
}

export function commentArgs(row: Combination): string[] {
  const reference = { required: 'article:ref:article', optional: 'article?:ref:article', none: '' };
  const fields = ['body', reference[row.reference], on(row.listReference) ? 'tags:ref:tag[]' : ''];
  return [
    'comment',
    '--fields',
    fields.filter(Boolean).join(' '),
    ...(on(row.nested) ? ['--nested'] : []),
    ...(row.commentGraphql === 'off' ? ['--no-graphql'] : []),
  ];
}

/** The steps that make the resources; the kept rows go in after them. */
export function resourceSteps(row: Combination): ApiStep[] {
  const tag: ApiStep = { step: 'tag', args: ['tag', '--fields', 'label'], schema: true };
  return [
    ...(on(row.listReference) ? [tag] : []),
    { step: 'article', args: articleArgs(row), schema: true },
    { step: 'comment', args: commentArgs(row), schema: true },
  ];
}

/** The edits of the article once its table holds a row: each field change, then its access. */
export function editSteps(row: Combination): ApiStep[] {
  return [
    { step: 'add', args: ['article', '--add-fields', 'summary?:string'], schema: true },
    { step: 'rename', args: ['article', '--rename-field', 'price:cost'], schema: true },
    { step: 'remove', args: ['article', '--remove-fields', 'body'], schema: true },
    { step: 'access', args: ['article', '--access', ACCESS_EDITS[row.accessEdit]], schema: false },
  ];
}

/** A command line as a person would type it, for the printed table. */
export const shellLine = (args: string[]): string =>
  args.map((arg) => (/^[\w,./=:-]+$/.test(arg) ? arg : `"${arg}"`)).join(' ');
