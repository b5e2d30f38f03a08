// Who may call each route of a resource in its e2e spec, and the tests of the refusals the others get.
import type { Access, ResourceMethod, ResourceOptions } from '../../src/model/resource.js';

/** Who sends a request at each access level: the variable holding their credentials. */
const CALLER: Record<Access, string> = {
  public: 'nobody',
  master: 'master',
  user: 'ada',
  admin: 'admin',
};

/** Who may call `kind`: the variable holding their credentials. */
export function caller(resource: ResourceOptions, kind: ResourceMethod): string {
  const access = resource.methods[kind] ?? 'public';
  // The owner rule lets the creator through: the entries are created by ada (or the admin).
  return CALLER[access];
}

export const tokenOf = (callerName: string): string =>
  callerName === 'nobody' || callerName === 'master' ? callerName : `${callerName}.token`;

/** The refusals of an access level: a request without the right credentials, and what it gets. */
function refusals(
  resource: ResourceOptions,
  kind: ResourceMethod,
  auth: boolean,
): [string, string, number][] {
  // carol signs up and never confirms her e-mail (ada and the admin do, in beforeAll).
  const unconfirmed: [string, string, number][] = resource.confirmed?.includes(kind)
    ? [['carol.token', 'to a user who has not confirmed their e-mail', 403]]
    : [];
  return [...levelRefusals(resource, kind, auth), ...unconfirmed];
}

function levelRefusals(
  resource: ResourceOptions,
  kind: ResourceMethod,
  auth: boolean,
): [string, string, number][] {
  switch (resource.methods[kind]) {
    case 'master':
      return [
        ['nobody', 'without the master key', 401],
        ...(auth ? ([['ada.token', 'with a user token', 401]] as [string, string, number][]) : []),
      ];
    case 'user':
      return [
        ['nobody', 'without a token', 401],
        ["'not.a.token'", 'with a bad token', 401],
      ];
    case 'admin':
      return [
        ['nobody', 'without a token', 401],
        ['ada.token', 'to a user who is not an admin', 403],
      ];
    default:
      return [];
  }
}

/** An `it` per refusal; `request` has `__AS__` for the credentials and `__STATUS__` for the answer. */
export function refusalTests(
  resource: ResourceOptions,
  kind: ResourceMethod,
  auth: boolean,
  request: string,
): string {
  return refusals(resource, kind, auth)
    .map(
      ([token, when, status]) => `
    it('answers ${status} ${when}', async () => {
      ${request.replace('__AS__', `as(${token})`).replace('__STATUS__', String(status))};
    });`,
    )
    .join('');
}
