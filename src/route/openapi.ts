// Prints the route table as an OpenAPI 3.1 document, parameters and types taken from handler signatures.
import { authSchemes, type AuthScheme } from './auth.js';
import { classBit } from './path.js';
import type { ControllerEntry, HandlerEntry, RouteTable } from './route-table.js';
import type { ParameterInfo, ValueType } from './signature.js';

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);
const errorSchema: Schema = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['statusCode', 'error', 'message'],
};

/** The OpenAPI 3.1 document of every handler in the table. */
export function openApiDocument(
  table: RouteTable,
  title = 'restsmith route',
  version = '0.0.0',
): Schema {
  const paths: Record<string, Record<string, Operation>> = {};
  const securitySchemes: Schema = {};
  for (const controller of table.controllers) {
    for (const handler of controller.handlers.values()) {
      const security = securityOf(authSchemes(controller.type, handler.method), securitySchemes);
      for (const path of handlerPaths(controller, handler)) {
        paths[path] ??= {};
        paths[path][handler.method.toLowerCase()] = {
          ...operation(controller, handler, path),
          ...security,
        };
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: { title, version },
    paths: sorted,
    components: {
      ...(Object.keys(securitySchemes).length ? { securitySchemes } : {}),
      schemas: { Error: errorSchema },
      responses: {
        Error: {
          description: 'An error: { statusCode, error, message }',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

/** One path per number of positional arguments the handler accepts (optional ones make several). */
function handlerPaths(controller: ControllerEntry, handler: HandlerEntry): string[] {
  const base = [
    ...controller.moduleBits,
    ...(controller.name === 'Default' ? [] : [classBit(controller.name)]),
  ];
  const required = handler.positional.filter((parameter) => parameter.required).length;
  const paths: string[] = [];
  for (let count = required; count <= handler.positional.length; count++) {
    const names = handler.positional.slice(0, count).map((parameter) => `{${parameter.name}}`);
    paths.push('/' + [...base, ...names].join('/'));
  }
  return paths;
}

function operation(controller: ControllerEntry, handler: HandlerEntry, path: string): Operation {
  const inPath = handler.positional.filter((parameter) => path.includes(`{${parameter.name}}`));
  const byName = handler.positional.filter((parameter) => !inPath.includes(parameter));
  const keywordProperties = handler.keywords?.properties ?? [];
  const named = [
    ...byName,
    ...keywordProperties.map((property) => ({ ...property, kind: 'positional' as const })),
  ];
  const body = bodyMethods.has(handler.method);
  const parameters = [
    ...inPath.map((parameter) => ({
      name: parameter.name,
      in: 'path',
      required: true,
      schema: schemaOf(parameter.type),
    })),
    ...(body ? [] : named.map((parameter) => queryParameter(parameter))),
  ];
  return {
    operationId: `${[...controller.moduleBits, controller.name].join('.')}.${handler.method}${inPath.length ? `_${inPath.length}` : ''}`,
    ...(parameters.length ? { parameters } : {}),
    ...(body && named.length ? { requestBody: requestBody(named, handler) } : {}),
    responses: {
      '200': { description: 'The handler result as JSON' },
      default: { $ref: '#/components/responses/Error' },
    },
    ...(handler.rest
      ? { description: `Further path bits are passed as ${handler.rest.name}.` }
      : {}),
  };
}

/** `security` for an operation (any one scheme suffices), registering each scheme under `basicAuth`/`bearerAuth`. */
function securityOf(schemes: AuthScheme[] | undefined, registry: Schema): Operation {
  if (!schemes) return {};
  const security = schemes.map((scheme) => {
    const name = `${scheme.kind}Auth`;
    registry[name] ??= {
      type: 'http',
      scheme: scheme.kind,
      ...(scheme.format ? { bearerFormat: scheme.format } : {}),
    };
    return { [name]: [] };
  });
  return { security };
}

function queryParameter(parameter: Pick<ParameterInfo, 'name' | 'type' | 'required'>) {
  const array = parameter.type.kind === 'array';
  return {
    name: parameter.name,
    in: 'query',
    required: parameter.required,
    schema: schemaOf(parameter.type),
    ...(array ? { style: 'form', explode: true } : {}),
  };
}

function requestBody(
  named: Array<Pick<ParameterInfo, 'name' | 'type' | 'required'>>,
  handler: HandlerEntry,
) {
  const schema: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      named.map((parameter) => [parameter.name, schemaOf(parameter.type)]),
    ),
    additionalProperties: handler.keywords !== undefined,
  };
  const required = named
    .filter((parameter) => parameter.required)
    .map((parameter) => parameter.name);
  if (required.length) schema.required = required;
  return {
    content: {
      'application/json': { schema },
      'application/x-www-form-urlencoded': { schema },
      'multipart/form-data': { schema },
    },
  };
}

function schemaOf(type: ValueType): Schema {
  switch (type.kind) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'file':
      return { type: 'string', format: 'binary' };
    case 'literal':
      return { enum: type.values };
    case 'array':
      return { type: 'array', items: schemaOf(type.of) };
    default:
      return {};
  }
}
