// Where the shared pieces of a generated project live and what they export: the imports resources use.
import type { ImportRef } from '../../src/engine/generated-file.js';

export const PIECES = {
  access: {
    from: 'src/common/access.decorator.ts',
    named: ['Access', 'ACCESS_LEVELS'],
    types: ['AccessLevel'],
  },
  accessToken: {
    from: 'src/common/access-token.ts',
    named: ['extractAccessToken', 'captureAccessToken'],
  },
  masterKeyGuard: {
    from: 'src/common/master-key.guard.ts',
    named: ['MasterKeyGuard', 'ClientKeyGuard'],
  },
  jwtAuthGuard: { from: 'src/common/jwt-auth.guard.ts', named: ['JwtAuthGuard'] },
  adminGuard: { from: 'src/common/admin.guard.ts', named: ['AdminGuard'] },
  confirmedEmailGuard: {
    from: 'src/common/confirmed-email.guard.ts',
    named: ['ConfirmedEmailGuard'],
  },
  currentUser: {
    from: 'src/common/current-user.decorator.ts',
    named: ['CurrentUser', 'assertOwnerOrAdmin'],
    types: ['AuthUser'],
  },
  basicCredentials: {
    from: 'src/common/basic-credentials.decorator.ts',
    named: ['BasicCredentials', 'parseBasicCredentials'],
    types: ['Credentials'],
  },
  passwordGuard: { from: 'src/auth/password.guard.ts', named: ['PasswordGuard'] },
  accessGuard: { from: 'src/common/access.guard.ts', named: ['AccessGuard'] },
  rateLimit: {
    from: 'src/common/rate-limit.ts',
    named: ['LimitAttempts', 'LIMIT_ATTEMPTS', 'RateLimiters', 'RateLimitGuard', 'SkipRateLimit'],
    types: ['RateLimitSettings'],
  },
  rateLimitModule: { from: 'src/common/rate-limit.module.ts', named: ['RateLimitModule'] },
  listQuery: {
    from: 'src/common/list-query.ts',
    named: ['ListQueryParams', 'MAX_LIMIT', 'parseListQuery', 'selectFields'],
    types: ['ListQuery', 'ListSpec', 'SortKey'],
  },
  listFilters: {
    from: 'src/common/list-filters.ts',
    named: ['ExpandParam', 'MAX_IN_VALUES', 'parseExpand', 'parseFilters'],
    types: ['Filter', 'FilterSpec', 'FilterType'],
  },
  paging: {
    from: 'src/common/paging.ts',
    named: [
      'Paged',
      'PagedEnvelope',
      'PagingInterceptor',
      'EnvelopeInterceptor',
      'linkHeader',
      'jsonDates',
    ],
    types: ['Page'],
  },
  apiDocs: {
    from: 'src/common/api-docs.ts',
    named: ['ApiBodies', 'ApiErrors', 'ApiExpand', 'ApiListQuery', 'ErrorView'],
  },
  findPage: { from: 'src/common/find-page.ts', named: ['findPage'] },
  parseId: { from: 'src/common/parse-id.pipe.ts', named: ['ParseIdPipe'] },
  bodyLimits: {
    from: 'src/common/body-limits.ts',
    named: [
      'BODY_LIMITS',
      'BODY_TYPES',
      'acceptBodyTypes',
      'bodyProblem',
      'limitBodies',
      'textProblem',
    ],
  },
  formValue: { from: 'src/common/form-value.ts', named: ['FormValue', 'formValue'] },
  requestChecks: {
    from: 'src/common/request-checks.ts',
    named: ['checkRequests', 'isHost', 'requestProblem'],
  },
  headers: {
    from: 'src/common/headers.ts',
    named: ['corsOrigins', 'forceHttps', 'noStoreWhenAuthenticated', 'trustProxySetting'],
  },
  exceptionFilter: { from: 'src/common/all-exceptions.filter.ts', named: ['AllExceptionsFilter'] },
  environment: {
    from: 'src/config/environment.ts',
    named: ['validateEnvironment', 'Environment'],
  },
  database: { from: 'src/database/database.module.ts', named: ['DatabaseModule'] },
  deleteRules: {
    from: 'src/database/delete-rules.ts',
    named: ['deleteFollowingRules', 'referrersOf'],
  },
  appSetup: {
    from: 'src/app.setup.ts',
    named: ['configureApp', 'BODY_LIMIT', 'VALIDATION', 'API_ROOT', 'setApiRoot'],
  },
  appLogger: {
    from: 'src/common/app-logger.ts',
    named: ['AppLogger', 'createLogger', 'withRequestLog', 'writeLogsNow'],
  },
  requestLogger: {
    from: 'src/common/request-logger.ts',
    named: ['requestLogger', 'REQUEST_ID_HEADER'],
  },
  openApi: { from: 'src/openapi.ts', named: ['buildOpenApi'] },
  graphql: {
    from: 'src/graphql/graphql.decorators.ts',
    named: ['Resolver', 'Query', 'Mutation', 'ResolveField', 'BatchLoad'],
  },
  graphqlContext: { from: 'src/graphql/graphql-context.ts', named: [], types: ['GraphqlContext'] },
  graphqlInput: {
    from: 'src/graphql/graphql-input.ts',
    named: ['checkedId', 'checkedInput', 'listQueryOf', 'pageAnswer'],
    types: ['PageAnswer'],
  },
  graphqlModule: { from: 'src/graphql/graphql.module.ts', named: ['GraphqlModule'] },
  testApp: { from: 'test/app.ts', named: ['createTestApp', 'describeWithDatabase'] },
} as const;

export type PieceName = keyof typeof PIECES;

/** An import of some names of a shared piece: `use('access', 'Access')`. */
export function use(piece: PieceName, ...named: string[]): ImportRef {
  const { from } = PIECES[piece];
  const types = ((PIECES[piece] as { types?: readonly string[] }).types ?? []) as string[];
  return {
    from,
    named: named.filter((name) => !types.includes(name)),
    types: named.filter((name) => types.includes(name)),
  };
}

/** Package imports, written the way Nest developers read them. */
export const pkg = (from: string, ...named: string[]): ImportRef => ({ from, named });
export const pkgTypes = (from: string, ...types: string[]): ImportRef => ({ from, types });

/** The decorator of a list route: the array with X-Total-Count, or `{ rows, count }` (`--envelope`). */
export const pagedDecorator = (envelope: boolean | undefined): string =>
  envelope ? 'PagedEnvelope' : 'Paged';
