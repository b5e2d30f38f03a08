// restsmith/route: the public API of the path-routed controller framework.
export { Controller, RouteResponse } from './controller.js';
export type { ControllerClass, Files, Keywords, RouteRequest } from './controller.js';
export { HttpError } from './http-error.js';
export { Application, createApp, parseByteSize, parseOrigins } from './application.js';
export type { ApplicationOptions } from './application.js';
export { basicAuth, bearerAuth, safeEqual } from './auth.js';
export type { AuthDecorator, BasicAuthOptions, BearerAuthOptions } from './auth.js';
export type { CorsOptions } from './cors.js';
export { MemoryRateLimitStore, parseRate } from './rate-limit.js';
export type { RateLimitOptions, RateLimitStore, TrustProxy } from './rate-limit.js';
export { toNodeListener } from './adapter/node.js';
export type { NodeListener } from './adapter/node.js';
export { RouteTableError } from './route-table.js';
export type { ControllerEntry, HandlerEntry, RouteTable } from './route-table.js';
export { PrefixError } from './scan.js';
export { openApiDocument } from './openapi.js';
export type { ParameterInfo, ValueType } from './signature.js';
