// bench/api-server/log-line.mjs: the CPU cost of a generated project's request log line, in one process.
// Runs the project's own request logger (dist/common/request-logger.js) and variants of its line over
// real IncomingMessage/ServerResponse objects carrying the headers autocannon sends, 50 requests per
// turn of the event loop (as under 50 connections), and reports the CPU (main thread and libuv's
// threads) per request, median of interleaved rounds, against the same middleware writing no line.
// Variants: the line as 5dd9d0d wrote it (an object handed to pino), one JSON.stringify written to
// pino's stream, and the project's own; each through pino's default destination (asynchronous
// sonic-boom) and a synchronous one. --sink=stall writes to a pipe nobody reads, as bench/api-server's
// servers did while autocannon ran (their parent read their output only between loads).
// Run on Node 22+ (the projects' Node), pinned to one core, with a project built by run.ts:
//   taskset -c 0 node bench/api-server/log-line.mjs [--project=.tmp/bench-api-server/bench-api]
//     [--requests=50000] [--rounds=7] [--sink=null|file|stall]
import { execFileSync } from 'node:child_process';
import { constants, openSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { join, resolve } from 'node:path';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const root = resolve(import.meta.dirname, '../..');
const project = resolve(root, option('project', '.tmp/bench-api-server/bench-api'));
const requests = Number(option('requests', '50000'));
const rounds = Number(option('rounds', '7'));
const sink = option('sink', 'null');

const require = createRequire(join(project, 'package.json'));
const { pino } = require('pino');
const generated = require(join(project, 'dist/common/request-logger.js'));
const { runWithRequestLog, startRequestLog } = require(join(project, 'dist/common/app-logger.js'));

/** A file descriptor for the destinations: /dev/null, a file, or a pipe that fills and stays full. */
function sinkFd() {
  if (sink === 'file') return openSync(join(project, 'log-line.bench.log'), 'w');
  if (sink !== 'stall') return openSync('/dev/null', 'w');
  const fifo = join(project, 'log-line.bench.fifo');
  rmSync(fifo, { force: true });
  execFileSync('mkfifo', [fifo]);
  openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  return openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
}
const fd = sinkFd();
const loggerOf = (level, sync) => pino({ level }, pino.destination({ fd, sync }));

/** The line as 5dd9d0d wrote it: the request copied into an object that pino walks. */
function objectLine(logger, req, res, id, started) {
  const headers = { ...req.headers };
  for (const name of ['authorization', 'cookie'])
    if (headers[name] !== undefined) headers[name] = '[Redacted]';
  const statusCode = res.statusCode;
  const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
  const request = {
    id: req.id,
    method: req.method,
    url: generated.withoutSecrets(req.originalUrl ?? req.url ?? ''),
    headers,
    remoteAddress: req.socket.remoteAddress,
  };
  const line = { reqId: id, req: request, res: { statusCode }, responseTime: Date.now() - started };
  logger[level](line, 'request completed');
}

/** The same fields in one JSON.stringify, framed as pino frames a line and written to its stream. */
function stringLine(logger, req, res, id, started) {
  const statusCode = res.statusCode;
  const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const { authorization, cookie } = req.headers;
  const headers =
    authorization === undefined && cookie === undefined
      ? req.headers
      : {
          ...req.headers,
          authorization: authorization && '[Redacted]',
          cookie: cookie && '[Redacted]',
        };
  const fields = JSON.stringify({
    reqId: id,
    req: {
      id: req.id,
      method: req.method,
      url: generated.withoutSecrets(req.originalUrl ?? req.url ?? ''),
      headers,
      remoteAddress: req.socket.remoteAddress,
    },
    res: { statusCode },
    responseTime: Date.now() - started,
  });
  logger[pino.symbols.streamSym].write(
    `{"level":${logger.levels.values[level]},"time":${Date.now()}${logger[pino.symbols.chindingsSym]},${fields.slice(1, -1)},"msg":"request completed"}\n`,
  );
}

/** The generated middleware's steps, with `line` written when the answer closes. */
const middleware = (logger, line) => (req, res, next) => {
  const started = Date.now();
  const id = generated.requestId(req, res);
  req.id = id;
  const log = startRequestLog(req, logger, id);
  res.once('close', () => line(logger, req, res, id, started));
  runWithRequestLog(log, next);
};

const variants = {
  'no line (LOG_LEVEL=warn)': () => generated.requestLogger(loggerOf('warn', false)),
  'object to pino, default destination': () => middleware(loggerOf('info', false), objectLine),
  'object to pino, sync destination': () => middleware(loggerOf('info', true), objectLine),
  'one JSON.stringify, default destination': () => middleware(loggerOf('info', false), stringLine),
  'one JSON.stringify, sync destination': () => middleware(loggerOf('info', true), stringLine),
  "the project's own, default destination": () => generated.requestLogger(loggerOf('info', false)),
  "the project's own, sync destination": () => generated.requestLogger(loggerOf('info', true)),
};
if (sink === 'stall')
  for (const name of Object.keys(variants)) if (name.includes('sync')) delete variants[name];

const socket = new Socket();
Object.defineProperty(socket, 'remoteAddress', { value: '::ffff:127.0.0.1' });
const url = '/users/0b6f3c1e-5d1a-4a5b-8c9d-0123456789ab';

/** One GET as Express hands it to the middleware, answered 200. */
function serve(handle) {
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.originalUrl = url;
  req.headers = { host: '127.0.0.1:9320', connection: 'keep-alive' };
  const res = new ServerResponse(req);
  handle(req, res, () => {});
  res.statusCode = 200;
  res.finished = true;
  res.emit('close');
}

/** CPU µs per request over `requests`, 50 per turn of the event loop. */
function measure(handle) {
  return new Promise((done) => {
    const before = process.cpuUsage();
    let left = requests;
    const turn = () => {
      for (let i = 0; i < 50; i += 1) serve(handle);
      left -= 50;
      if (left > 0) return setImmediate(turn);
      const { user, system } = process.cpuUsage(before);
      done((user + system) / requests);
    };
    turn();
  });
}

const handlers = Object.fromEntries(Object.entries(variants).map(([name, make]) => [name, make()]));
const cpu = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round <= rounds; round += 1) {
  for (const [name, handle] of Object.entries(handlers)) {
    const spent = await measure(handle);
    if (round > 0) cpu[name].push(spent); // the first round warms up
  }
}
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const none = median(cpu['no line (LOG_LEVEL=warn)']);
console.log(`Node ${process.version}, sink ${sink}, ${requests} requests x ${rounds} rounds\n`);
console.log('| variant | CPU µs/request (median) | the line, µs | rounds |');
console.log('|---|---:|---:|---|');
for (const [name, values] of Object.entries(cpu)) {
  const spent = median(values);
  const rows = values.map((value) => value.toFixed(1)).join(' ');
  console.log(`| ${name} | ${spent.toFixed(2)} | ${(spent - none).toFixed(2)} | ${rows} |`);
}
if (sink === 'stall') process.kill(process.pid, 'SIGKILL'); // pino's exit flush would wait forever
rmSync(join(project, 'log-line.bench.log'), { force: true });
