// src/common/request-checks.ts: a request whose Host, URL or Basic credentials no route could use is a 400.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { beforeRouteParameters, httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

export function requestChecksTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/common/request-checks.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'HttpException', 'HttpStatus'),
      pkgTypes('node:http', 'IncomingMessage', 'Server', 'ServerResponse'),
      httpTypeImports(options, 'next', 'request', 'response'),
    ],
    [
      constant('HOST', '/^(?:[\\w-]+(?:\\.[\\w-]+)*\\.?|\\[[\\da-f:.]+\\])(?::(\\d{1,5}))?$/i', {
        isExported: false,
        docs: ['A name or IPv4 address, or an IPv6 address in brackets, and an optional port.'],
      }),
      constant('MAX_URL_LENGTH', '4096', {
        docs: [
          'The longest URL taken (path and query string); a longer one is 414. It bounds what an answer',
          'can echo of a query too, such as the paging links of the Link header.',
        ],
      }),
      constant('accepted', "{ host: '' }", {
        isExported: false,
        docs: ['The last Host header isHost took: most requests send the one before them.'],
      }),
      functionOf({
        name: 'isHost',
        parameters: [{ name: 'host', type: 'string' }],
        returnType: 'boolean',
        statements: code(
          'if (host === accepted.host) return true;',
          'const match = HOST.exec(host);',
          'if (match === null || Number(match[1] ?? 0) > 65535) return false;',
          'accepted.host = host;',
          'return true;',
        ),
      }),
      functionOf({
        name: 'requestProblem',
        docs: [
          'Why a request cannot be taken, if it cannot: a malformed Host header, a URL over MAX_URL_LENGTH, or a NUL character',
          '(PostgreSQL refuses it in text; SQLite ends a LIKE pattern there) in the URL or in Basic credentials.',
          'NUL characters in bodies are refused with the other body limits (src/common/body-limits.ts).',
        ],
        parameters: [{ name: 'request', type: http.request }],
        returnType: 'HttpException | undefined',
        statements: code(
          'const { host, authorization } = request.headers;',
          'if (host !== undefined && !isHost(host)) {',
          "  return new BadRequestException('The Host header must be a host name or address, with an optional port');",
          '}',
          'if (request.url.length > MAX_URL_LENGTH) {',
          '  return new HttpException(',
          "    { statusCode: 414, message: `The URL may be at most ${MAX_URL_LENGTH} characters long`, error: 'URI Too Long' },",
          '    HttpStatus.URI_TOO_LONG,',
          '  );',
          '}',
          'if (/%00/.test(request.url)) {',
          "  return new BadRequestException('The URL may not contain NUL characters (%00)');",
          '}',
          "const [scheme, encoded] = (authorization ?? '').split(' ');",
          "const basic = scheme?.toLowerCase() === 'basic' ? Buffer.from(encoded ?? '', 'base64') : undefined;",
          'if (basic?.includes(0)) {',
          "  return new BadRequestException('Basic credentials may not contain NUL characters');",
          '}',
          'return undefined;',
        ),
      }),
      functionOf({
        name: 'limitRequestTime',
        docs: [
          'A request that has not arrived in full `seconds` after its first line (a body that stops coming, or',
          'trickles) is answered 408 and its connection closed, on Express and Fastify alike: Fastify sets no',
          "limit of its own and Node's (5 minutes) is checked only every 30 s. A slow handler is not cut short.",
        ],
        parameters: [
          { name: 'server', type: 'Server' },
          { name: 'seconds', type: 'number' },
        ],
        returnType: 'void',
        statements: code(
          "const body = JSON.stringify({ statusCode: 408, message: `The request must arrive in full within ${seconds} seconds`, error: 'Request Timeout' });",
          'const answer = [',
          "  'HTTP/1.1 408 Request Timeout',",
          "  'Connection: close',",
          "  'Content-Type: application/json; charset=utf-8',",
          '  `Content-Length: ${Buffer.byteLength(body)}`,',
          "  '',",
          '  body,',
          "].join('\\r\\n');",
          "server.on('request', (request: IncomingMessage, response: ServerResponse) => {",
          '  const timer = setTimeout(() => {',
          '    // Answered already (a 401 before the body, say), or arrived and still being handled: not ours.',
          '    if (request.complete || response.headersSent) return;',
          '    // Written on the socket as Node writes its own 408, so the framework answers nothing after it.',
          '    const socket = request.socket;',
          '    socket.end(answer, () => socket.destroy());',
          '  }, seconds * 1000);',
          '  timer.unref();',
          "  response.once('close', () => clearTimeout(timer));",
          '});',
        ),
      }),
      functionOf({
        name: 'checkRequests',
        docs: [
          `${http.next === 'next' ? 'Middleware' : 'An onRequest hook'}, before the body is read: see requestProblem.`,
        ],
        parameters: beforeRouteParameters(options),
        returnType: 'void',
        statements: code(`${http.next}(requestProblem(request));`),
      }),
    ],
  );
}
