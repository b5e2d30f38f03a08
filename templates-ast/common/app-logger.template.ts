// src/common/app-logger.ts: the app's one pino logger, Nest's logger over it, and each request's own logger.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

/** Nest's levels as pino's: `verbose` is pino's `trace`. */
const LEVELS = [
  ['log', 'info'],
  ['error', 'error'],
  ['warn', 'warn'],
  ['debug', 'debug'],
  ['verbose', 'trace'],
  ['fatal', 'fatal'],
] as const;

export function appLoggerTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/app-logger.ts',
    [
      pkg('node:async_hooks', 'AsyncLocalStorage'),
      pkgTypes('node:http', 'IncomingMessage', 'ServerResponse'),
      pkgTypes('@nestjs/common', 'LoggerService'),
      pkg('pino', 'pino'),
      pkgTypes('pino', 'DestinationStream', 'Level', 'Logger'),
    ],
    [
      classOf({
        name: 'RequestLog',
        docs: [
          "A request's logger: the app's with the request's `reqId`, made only when something logs while",
          'serving it (a pino child per request costs more than most requests log).',
        ],
        ctors: [
          {
            parameters: [
              { name: 'logger', type: 'Logger', scope: Scope.Private, isReadonly: true },
              { name: 'id', type: 'string', scope: Scope.Public, isReadonly: true },
            ],
          },
        ],
        properties: [
          { name: 'child', type: 'Logger', hasQuestionToken: true, scope: Scope.Private },
        ],
        getAccessors: [
          {
            name: 'log',
            returnType: 'Logger',
            statements: code('return (this.child ??= this.logger.child({ reqId: this.id }));'),
          },
        ],
      }),
      constant('requestLogs', 'new AsyncLocalStorage()', {
        isExported: false,
        type: 'AsyncLocalStorage<RequestLog>',
        docs: [
          'The log of the request being served (its `reqId`), found by whatever logs while serving it: a',
          'service, TypeORM, the exception filter.',
        ],
      }),
      constant('REQUEST_LOG', "Symbol('requestLog')", {
        isExported: false,
        docs: [
          'Where a request keeps its log (startRequestLog): a property of the request, not a WeakMap,',
          "whose entries for every request served cost the garbage collector (restsmith's bench/api-server).",
        ],
      }),
      typeAlias('RequestWithLog', 'IncomingMessage & { [REQUEST_LOG]?: RequestLog }', false),
      constant('STACK', '/^.+\\n\\s+at .+:\\d+:\\d+/', {
        isExported: false,
        docs: ["How Nest's ConsoleLogger tells a stack trace from a context."],
      }),
      classOf({
        name: 'StdoutLines',
        isExported: false,
        implements: ['DestinationStream'],
        docs: [
          "Where production's lines go: stdout, through pino's synchronous destination (sonic-boom: a",
          'write returns once written, a full pipe waited for), the lines of one turn of the event loop in',
          "one write. pino's asynchronous destination hands each write to a thread and, in its text mode,",
          'measures all the text waiting on every line: together 4% of the CPU of a read (GET /users/:id)',
          "in restsmith's bench/api-server, against one write a turn. At most one turn's lines wait: they",
          'are written when the process exits, and at once from the start of a shutdown (writeLogsNow): a',
          'server stopped by a signal does not exit, Nest ends it by the signal after its shutdown hooks.',
        ],
        properties: [
          {
            name: 'destination',
            scope: Scope.Private,
            isReadonly: true,
            initializer: 'pino.destination({ dest: 1, sync: true })',
          },
          { name: 'waiting', type: 'string[]', scope: Scope.Private, initializer: '[]' },
          { name: 'atOnce', scope: Scope.Private, initializer: 'false' },
          {
            name: 'writeWaiting',
            scope: Scope.Private,
            isReadonly: true,
            initializer: code(
              '(): void => {',
              '  if (this.waiting.length === 0) return;',
              "  const text = this.waiting.join('');",
              '  this.waiting = [];',
              "  process.removeListener('exit', this.writeWaiting);",
              '  this.destination.write(text);',
              '}',
            ),
          },
        ],
        methods: [
          {
            name: 'write',
            parameters: [{ name: 'line', type: 'string' }],
            returnType: 'void',
            statements: code(
              'if (this.atOnce) {',
              '  this.destination.write(line);',
              '  return;',
              '}',
              'if (this.waiting.length === 0) {',
              '  setImmediate(this.writeWaiting);',
              "  process.once('exit', this.writeWaiting);",
              '}',
              'this.waiting.push(line);',
            ),
          },
          {
            name: 'writeNow',
            returnType: 'void',
            statements: code('this.atOnce = true;', 'this.writeWaiting();'),
          },
        ],
      }),
      code(
        "/** The process's one StdoutLines, made by the first logger of production. */",
        'let stdoutLines: StdoutLines | undefined;',
      ),
      functionOf({
        name: 'writeLogsNow',
        docs: [
          'Writes the lines waiting, and from now on each line when it is logged: for the shutdown, which',
          'ends by a signal with no exit (StdoutLines).',
        ],
        returnType: 'void',
        statements: code('stdoutLines?.writeNow();'),
      }),
      functionOf({
        name: 'createLogger',
        docs: [
          'The JSON lines of production; in development readable lines, by pino-pretty (a dev dependency).',
        ],
        parameters: [
          { name: 'level', type: 'string' },
          { name: 'pretty', type: 'boolean' },
        ],
        returnType: 'Logger',
        statements: code(
          'if (!pretty) return pino({ level }, (stdoutLines ??= new StdoutLines()));',
          'return pino({',
          '  level,',
          '  transport: {',
          "    target: 'pino-pretty',",
          '    options: {',
          '      singleLine: true,',
          "      ignore: 'pid,hostname,context',",
          "      messageFormat: '{if context}[{context}] {end}{msg}',",
          '    },',
          '  },',
          '});',
        ),
      }),
      functionOf({
        name: 'startRequestLog',
        docs: ["The log of a request, kept for it (see withRequestLog), with the request's id."],
        parameters: [
          { name: 'req', type: 'IncomingMessage' },
          { name: 'logger', type: 'Logger' },
          { name: 'id', type: 'string' },
        ],
        returnType: 'RequestLog',
        statements: code(
          'const log = new RequestLog(logger, id);',
          '(req as RequestWithLog)[REQUEST_LOG] = log;',
          'return log;',
        ),
      }),
      functionOf({
        name: 'runWithRequestLog',
        docs: ['Runs `next` with the log of the request (startRequestLog), where it is found.'],
        parameters: [
          { name: 'log', type: 'RequestLog' },
          { name: 'next', type: '() => void' },
        ],
        returnType: 'void',
        statements: code('requestLogs.run(log, next);'),
      }),
      functionOf({
        name: 'withRequestLog',
        docs: [
          "Runs the rest of a request (`next`) with its log. Reading a body loses Node's async context,",
          'so the app runs it again once bodies are read.',
        ],
        parameters: [
          { name: 'req', type: 'IncomingMessage' },
          { name: '_res', type: 'ServerResponse' },
          { name: 'next', type: '() => void' },
        ],
        returnType: 'void',
        statements: code(
          'const log = (req as RequestWithLog)[REQUEST_LOG];',
          'if (log === undefined) next();',
          'else requestLogs.run(log, next);',
        ),
      }),
      functionOf({
        name: 'writeLine',
        docs: [
          'The line `logger[level](fields, msg)` writes (level, time, pid, hostname, the fields, msg),',
          'for fields of plain JSON: one JSON.stringify, where pino walks the object key by key and',
          'stringifies each nested value apart, about a fifth of the cost of a request line (measured',
          "in restsmith's bench/api-server/log-line.mjs). It reaches pino's stream and bindings through",
          '`pino.symbols`, which pino exposes for such uses; no hook, mixin or formatter is configured.',
        ],
        parameters: [
          { name: 'logger', type: 'Logger' },
          { name: 'level', type: 'Level' },
          { name: 'fields', type: 'object' },
          { name: 'msg', type: 'string' },
        ],
        returnType: 'void',
        statements: code(
          'if (!logger.isLevelEnabled(level)) return;',
          'const state = logger as unknown as Record<symbol, unknown>;',
          'const stream = state[pino.symbols.streamSym] as DestinationStream;',
          'const bindings = state[pino.symbols.chindingsSym] as string;',
          'const json = JSON.stringify(fields);',
          "const rest = json.length > 2 ? `,${json.slice(1, -1)}` : '';",
          'stream.write(',
          '  `{"level":${logger.levels.values[level]},"time":${Date.now()}${bindings}${rest},"msg":${JSON.stringify(msg)}}\\n`,',
          ');',
        ),
      }),
      typeAlias('NestLevel', LEVELS.map(([nest]) => `'${nest}'`).join(' | '), false),
      constant(
        'PINO_LEVELS',
        code('{', ...LEVELS.map(([nest, level]) => `  ${nest}: '${level}',`), '}'),
        { isExported: false, type: 'Record<NestLevel, Level>' },
      ),
      classOf({
        name: 'AppLogger',
        implements: ['LoggerService'],
        docs: [
          "Nest's logger (start-up, SQL, 500s, every `new Logger()`) as pino lines: JSON in production,",
          'with the request id of the request being served, and an error with its stack in the line.',
        ],
        ctors: [
          {
            parameters: [
              { name: 'logger', type: 'Logger', scope: Scope.Private, isReadonly: true },
            ],
          },
        ],
        methods: [
          ...LEVELS.map(([nest]) => ({
            name: nest,
            parameters: [
              { name: 'message', type: 'unknown' },
              { name: 'params', type: 'unknown[]', isRestParameter: true },
            ],
            returnType: 'void',
            statements: code(`this.write('${nest}', message, params);`),
          })),
          {
            name: 'write',
            scope: Scope.Private,
            docs: [
              'Nest calls `(message, ...params, context)`, and errors `(message, stack, context)`: the',
              'context and the stack become fields of the line.',
            ],
            parameters: [
              { name: 'level', type: 'NestLevel' },
              { name: 'message', type: 'unknown' },
              { name: 'params', type: 'unknown[]' },
            ],
            returnType: 'void',
            statements: code(
              'const logger = requestLogs.getStore()?.log ?? this.logger;',
              'const last = params.at(-1);',
              "const context = typeof last === 'string' && !STACK.test(last) ? last : undefined;",
              'const details = (context === undefined ? params : params.slice(0, -1)).filter((param) => param !== undefined);',
              "const stack = details.find((param): param is string => typeof param === 'string' && STACK.test(param));",
              'const rest = details.filter((param) => param !== stack);',
              'const fields = {',
              '  context,',
              '  ...(message instanceof Error ? { err: message } : {}),',
              '  ...(stack === undefined ? {} : { err: { stack } }),',
              '  ...(rest.length > 0 ? { details: rest } : {}),',
              '};',
              "const text = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);",
              'logger[PINO_LEVELS[level]](fields, text);',
            ),
          },
        ],
      }),
    ],
  );
}
