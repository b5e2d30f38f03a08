// A Dockerfile's stages replayed in clean folders as `docker build` would, and its CMD started with the stage's ENV.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';
import { passed } from './checks.js';
import type { Stage } from './dockerfile.js';
import { freePort, run, type Run } from './project.js';
import { withProjectNode } from '../project-node.js';

/** The container's WORKDIR; its paths map onto the copy's folder. */
const WORKDIR = '/app';

/** RUN steps replayed here: installs and builds. Others only prepare the image (a folder for the node user). */
const replayed = (command: string) => /^npm (ci|run)\b/.test(command);

const NPM_ENV = {
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};

/**
 * The registry this suite reaches lacks other platforms' optional packages (npm view answers 404),
 * so the lock file npm writes here leaves them out and `npm ci` calls it out of sync. Only then,
 * `npm install` with the same flags installs from the same lock file instead.
 */
function runStep(command: string, folder: string): Run {
  const result = run('sh', ['-c', command], folder, NPM_ENV);
  if (
    result.status === 0 ||
    !/^npm ci\b/.test(command) ||
    !/Missing: .* from lock file/.test(result.output)
  ) {
    return result;
  }
  return run('sh', ['-c', command.replace(/^npm ci\b/, 'npm install')], folder, NPM_ENV);
}

/** Replays one stage's COPY and RUN steps into `folder`, as `docker build` would in WORKDIR. */
export function replay(
  stage: Stage,
  folder: string,
  context: string,
  stages: Record<string, string>,
) {
  mkdirSync(folder, { recursive: true });
  for (const step of stage.steps) {
    if (step.kind === 'copy') {
      const from = step.from ? stages[step.from]! : context;
      for (const source of step.sources) {
        const relative = source.startsWith(WORKDIR) ? source.slice(WORKDIR.length + 1) : source;
        const target = step.target.endsWith('/')
          ? join(folder, relative)
          : join(folder, step.target);
        cpSync(join(from, relative), target, { recursive: true });
      }
    } else if (step.kind === 'run') {
      if (!replayed(step.command)) {
        expect(step.command).toBe('mkdir -p .data && chown node:node .data');
        mkdirSync(join(folder, '.data'), { recursive: true });
        continue;
      }
      passed(step.command, runStep(step.command, folder));
    }
  }
}

export interface Started {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** The runtime stage's CMD in `folder`, with the stage's ENV and what compose.yaml would pass. */
export async function startCommand(
  stage: Stage,
  folder: string,
  env: NodeJS.ProcessEnv,
): Promise<Started> {
  const port = await freePort();
  const stageEnv = Object.fromEntries(
    stage.steps.flatMap((step) => (step.kind === 'env' ? [[step.name, step.value]] : [])),
  );
  const { NODE_ENV: _runner, ...inherited } = process.env;
  const [command, ...args] = stage.command!;
  const child = spawn(command!, args, {
    cwd: folder,
    env: withProjectNode({ ...inherited, ...stageEnv, ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on('exit', (code, signal) => done([code, signal])),
  );
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ listening on http:\/\/0\.0\.0\.0:\d+, in production mode\b/.test(output)) ready();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => fail(new Error(`${stage.command!.join(' ')} exited:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, port, output: () => output, exited };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pino's lines, read field by field
type LogLine = Record<string, any>;

/** The JSON log lines the server printed. */
export const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** A POST whose body arrives in two parts, `pause` ms apart: in flight for that long. */
export function slowPost(
  port: number,
  path: string,
  body: string,
  pause: number,
  midway: () => void,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request(
      {
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      },
    );
    call.on('error', reject);
    call.write(body.slice(0, 10));
    setTimeout(midway, pause / 2);
    setTimeout(() => call.end(body.slice(10)), pause);
  });
}
