// The HTTP platform's names in generated code (`--http`): Express, or Fastify. A platform adds a row, not `if`s.
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { HttpPlatform, ProjectOptions } from '../../src/model/project.js';
import { pkgTypes } from './pieces.js';

export interface HttpNames {
  /** The Nest platform package and its application type. */
  platform: string;
  app: string;
  /** The package of the request and answer types, and their names. */
  types: string;
  request: string;
  response: string;
  /** What a handler run before the route (Express middleware, a Fastify hook) calls to go on, and its type. */
  next: string;
  nextType: string;
  /** The variable an answer is in, by the platform's own word. */
  answer: string;
  /** The method that sets a header of an answer. */
  setHeader: string;
  /** How a spec builds the app from its testing module, and what it awaits after `app.init()`. */
  testApplication: string;
  ready: string;
  /** The request type where the query is read, and where the route's `:id` is. */
  queryRequest: string;
  paramsRequest: string;
}

const HTTP: Record<HttpPlatform, HttpNames> = {
  express: {
    platform: '@nestjs/platform-express',
    app: 'NestExpressApplication',
    types: 'express',
    request: 'Request',
    response: 'Response',
    next: 'next',
    nextType: 'NextFunction',
    answer: 'response',
    setHeader: 'setHeader',
    testApplication:
      'moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false })',
    ready: '',
    queryRequest: 'Request',
    paramsRequest: 'Request',
  },
  fastify: {
    platform: '@nestjs/platform-fastify',
    app: 'NestFastifyApplication',
    types: 'fastify',
    request: 'FastifyRequest',
    response: 'FastifyReply',
    next: 'done',
    nextType: 'HookHandlerDoneFunction',
    answer: 'reply',
    setHeader: 'header',
    testApplication:
      'moduleRef.createNestApplication<NestFastifyApplication>(createAdapter(), { logger: false })',
    ready: '\n    await app.getHttpAdapter().getInstance().ready();',
    queryRequest: 'FastifyRequest<{ Querystring: Record<string, unknown> }>',
    paramsRequest: 'FastifyRequest<{ Params: { id?: string } }>',
  },
};

export const httpNames = (options: Pick<ProjectOptions, 'http'>): HttpNames => HTTP[options.http];

/** The application type's import: `NestExpressApplication` or `NestFastifyApplication`. */
export const appTypeImport = (options: Pick<ProjectOptions, 'http'>): ImportRef =>
  pkgTypes(httpNames(options).platform, httpNames(options).app);

/** Imports of the request (`request`), answer (`response`) and go-on (`next`) types of the platform. */
export function httpTypeImports(
  options: Pick<ProjectOptions, 'http'>,
  ...kinds: Array<'request' | 'response' | 'next'>
): ImportRef {
  const names = httpNames(options);
  const byKind = { request: names.request, response: names.response, next: names.nextType };
  const types = kinds.map((kind) => byKind[kind]);
  return pkgTypes(names.types, ...[...types].sort());
}

/**
 * The parameters of a handler run before the route: Express middleware `(request, response, next)`,
 * or a Fastify hook `(request, reply, done)`. An unused answer is named with a leading underscore.
 */
export function beforeRouteParameters(options: Pick<ProjectOptions, 'http'>, writesAnswer = false) {
  const names = httpNames(options);
  return [
    { name: 'request', type: names.request },
    { name: writesAnswer ? names.answer : `_${names.answer}`, type: names.response },
    { name: names.next, type: names.nextType },
  ];
}
