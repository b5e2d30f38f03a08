// restsmith/route: the public API of the path-routed controller framework.
export { Controller, RouteResponse } from './controller.js';
export type { ControllerClass, Files, Keywords, RouteRequest } from './controller.js';
export { HttpError } from './http-error.js';
export { Application, createApp, parseByteSize } from './application.js';
export type { ApplicationOptions } from './application.js';
export { toNodeListener } from './adapter/node.js';
export type { NodeListener } from './adapter/node.js';
export { RouteTableError } from './route-table.js';
export type { ControllerEntry, HandlerEntry, RouteTable } from './route-table.js';
export { PrefixError } from './scan.js';
export { openApiDocument } from './openapi.js';
export type { ParameterInfo, ValueType } from './signature.js';
