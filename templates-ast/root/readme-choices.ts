// The README's words on the choices of `rest new` that change every route: API root, https, list envelope.
import type { ProjectOptions } from '../../src/model/project.js';

/** Where the curl lines of the README send their requests: the dev server, under the API root. */
export const apiUrl = (options: Pick<ProjectOptions, 'apiRoot'>): string =>
  `http://localhost:9000${options.apiRoot}`;

/** What a list answers, as the README puts it. */
export const listBody = (envelope: boolean): string =>
  envelope
    ? 'The body is `{ rows, count }`: the entries of the page and the count of entries matching the query over all pages; `Link` carries the paging links. ' +
      CURSORS
    : `The body is the array; \`X-Total-Count\` and \`Link\` carry the paging. ${CURSORS}`;

/** Cursor paging and the bound of a count, as the README puts them. */
const CURSORS =
  'Deep in a long list, page by cursor: `after=` (empty) asks for the first page, and each answer\'s `Link: rel="next"` carries the `after` of the next one (the same sort, any depth at the cost of the first page; not with `page`). A count reads at most 10,001 matching entries (`MAX_COUNT` in `src/common/list-query.ts`): beyond 10,000 it says 10,000 with `X-Total-Count-Exact: false` and no `last` link; `count=false` leaves it out.';

export function apiChoicesSection(options: ProjectOptions): string[] {
  const { apiRoot, forceHttps, envelope } = options;
  if (!apiRoot && !forceHttps && !envelope) return [];
  return [
    '### Routes and answers',
    '',
    ...(apiRoot
      ? [
          `- API root: every route is under \`${apiRoot}\` (\`API_ROOT\` in \`src/app.setup.ts\`): the routes below read \`${apiRoot}/users\`, \`${apiRoot}/auth\` and so on, and so do the e2e tests (\`api(app)\` in \`test/app.ts\`) and the OpenAPI paths. \`/health\` stays at the root, where load balancers and the Dockerfile's HEALTHCHECK probe it, and so does the OpenAPI page at \`/docs\`.`,
        ]
      : []),
    ...(forceHttps
      ? [
          "- HTTPS only: in production, a request that did not come over https is redirected there, same host and path (301 for GET and HEAD, 308 for other methods, so that the body is sent again); helmet's `Strict-Transport-Security` tells browsers to stay. The server speaks plain HTTP behind a proxy that ends TLS, so the protocol is the proxy's `X-Forwarded-Proto`, believed only from the proxies `TRUST_PROXY` trusts: production refuses to start with `TRUST_PROXY=false`. `/health` answers over plain HTTP, as load balancers probe it. Development and the tests are not redirected.",
        ]
      : []),
    ...(envelope
      ? [
          `- Lists answer \`{ rows, count }\`, not the array with \`X-Total-Count\` (\`rest api\` takes this as its default; \`rest api <name> --no-envelope\` makes a resource's list an array).`,
        ]
      : []),
    '',
    '```sh',
    `curl "${apiUrl(options)}/users?limit=2" -H "Authorization: Bearer $TOKEN"`,
    ...(forceHttps
      ? [
          '# behind the proxy (TRUST_PROXY=1), in production: 301 to https://api.example.com/...',
          `curl -i http://localhost:9000${apiRoot}/users -H "Host: api.example.com" -H "X-Forwarded-Proto: http"`,
        ]
      : []),
    '```',
    '',
  ];
}
