// The README's GraphQL section (`--graphql`): where the schema comes from, access, limits, errors.
import type { ProjectOptions } from '../../src/model/project.js';
import { hasSessionFields, hasSignInField } from './auth.resolver.template.js';
import { GRAPHQL_LIMITS } from './graphql-limits-defaults.js';

export function graphqlSection(options: ProjectOptions): string[] {
  if (!options.graphql) return [];
  return [
    '## GraphQL',
    '',
    `\`POST ${options.apiRoot}/graphql\` serves \`src/graphql/schema.graphql\`: the schema \`rest schema print\` prints from the entities, DTOs and \`restsmith.json\`, written again by every \`rest api\`. Edit the classes (or run \`rest api\`), not the file. Each resource's fields are resolved by its \`*.resolver.ts\`, which calls the same service as its controller.`,
    '',
    `- Access: each field of \`Query\` and \`Mutation\` has its route's \`@Access\` and runs the same guards, with the token as \`Authorization: Bearer\` (or \`access_token\` beside \`query\`).${options.auth ? ` Sign up with \`createUser\` and the client key${hasSignInField(options) ? ', sign in with `signIn(email, password)`' : ''}; \`me\` answers the signed-in user.${hasSessionFields(options) ? ' A sign-in starts a session: `refreshSession(refreshToken)` trades its refresh token for the next pair, `signOut` ends it and `signOutEverywhere` ends them all.' : ''}` : ''}`,
    '- Errors carry `extensions.code` (`BAD_USER_INPUT`, `UNAUTHENTICATED`, `FORBIDDEN`, `NOT_FOUND`, `CONFLICT`, `TOO_MANY_REQUESTS`) and the HTTP `status` REST would answer; a query that cannot run at all is an HTTP 400.',
    `- Limits (\`.env\`): \`GRAPHQL_MAX_DEPTH\` (${GRAPHQL_LIMITS.depth}), \`GRAPHQL_MAX_ALIASES\` (${GRAPHQL_LIMITS.aliases}), \`GRAPHQL_MAX_COMPLEXITY\` (${GRAPHQL_LIMITS.complexity} fields, a field in a list counting once per entry of its \`limit\`). References load in one query per type per request.`,
    '- Introspection only in development (`npm run dev`); batches (a JSON array of queries) are refused.',
    '',
  ];
}
