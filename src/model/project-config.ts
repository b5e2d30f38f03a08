// Reads and checks a project's restsmith.json (what `rest new` chose) and records the resources `rest api` adds.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sjson from 'secure-json-parse';
import { UserError } from './user-error.js';
import { names } from './names.js';
import type { Database, ProjectOptions } from './project.js';
import type { ResourceOptions } from './resource.js';
import { parseFieldList, parseFields, referenceText } from './field-parser.js';
import {
  CONFIG_FILE,
  type LoadedConfig,
  type ProjectConfig,
  type ResourceRecord,
} from './config-record.js';
import { checkConfig } from './project-config-check.js';

export async function readProjectConfig(root: string): Promise<LoadedConfig> {
  const path = join(root, CONFIG_FILE);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) {
    throw new UserError(`There is no ${CONFIG_FILE} in ${root}.`, {
      hint: 'Run it at the root of a project made by `rest new` (or pass --cwd).',
    });
  }
  let data: unknown;
  try {
    data = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new UserError(`${CONFIG_FILE} is not valid JSON: ${(error as Error).message}`, {
      hint: `Fix ${CONFIG_FILE} by hand (git diff shows what changed), then run again.`,
    });
  }
  return { config: checkConfig(data), text };
}

/** The options templates read. Secrets live in .env and no resource template reads them. */
export function projectOptions(config: ProjectConfig): ProjectOptions {
  return {
    name: config.name,
    database: config.database,
    http: config.http ?? 'express',
    auth: config.auth,
    signInOnCreate: config.signInOnCreate,
    refreshTokens: config.refreshTokens ?? false,
    passwordReset: config.passwordReset,
    apiRoot: config.apiRoot ?? '',
    forceHttps: config.forceHttps ?? false,
    envelope: config.envelope ?? false,
    emailConfirmation: config.emailConfirmation ?? false,
    authMethods: config.authMethods ?? ['password'],
    graphql: config.graphql ?? false,
    packageManager: config.packageManager,
    sourceDir: config.sourceDir,
    secrets: { masterKey: '', clientKey: '', jwtSecret: '' },
    resources: config.resources.map((record) => resourceFromRecord(record, config.envelope)),
    // `rest api` writes no project migration: only the resource's, named by its own timestamp.
    migrationTimestamp: 0,
  };
}

/** `envelope`: the project's choice, which a record without its own takes. */
export function resourceFromRecord(record: ResourceRecord, envelope = false): ResourceOptions {
  const owner = record.owner ? parseFields(record.owner)[0]?.names : undefined;
  const { fields, references } = parseFieldList(record.fields.join(' '));
  const cascade = record.cascade ?? [];
  return {
    names: names(record.name),
    endpoint: record.endpoint,
    methods: record.methods,
    fields,
    references: references.map((reference) =>
      cascade.includes(reference.names.camel) && !reference.many
        ? { ...reference, onDelete: 'cascade' }
        : reference,
    ),
    ...(owner ? { owner } : {}),
    envelope: record.envelope ?? envelope,
    ...(record.confirmed?.length ? { confirmed: record.confirmed } : {}),
    ...(record.nested ? { nested: true } : {}),
    ...(record.indexes?.length ? { indexes: record.indexes } : {}),
    ...(record.graphql === false ? { graphql: false as const } : {}),
    // 0 for a record written before projects had migrations.
    migrationTimestamp: record.migration ?? 0,
  };
}

/** `database` decides whether the resource has a migration (MongoDB needs none). */
export function resourceRecord(resource: ResourceOptions, database: Database): ResourceRecord {
  const fields = resource.fields.map(
    (field) =>
      `${field.names.camel}${field.optional ? '?' : ''}:${field.type}${field.array ? '[]' : ''}`,
  );
  const references = resource.references ?? [];
  const cascade = references
    .filter((reference) => !reference.many && reference.onDelete === 'cascade')
    .map((reference) => reference.names.camel);
  return {
    name: resource.names.kebab,
    endpoint: resource.endpoint,
    methods: resource.methods,
    fields: [...fields, ...references.map(referenceText)],
    ...(resource.owner ? { owner: resource.owner.camel } : {}),
    ...(resource.confirmed?.length ? { confirmed: resource.confirmed } : {}),
    ...(cascade.length > 0 ? { cascade } : {}),
    ...(resource.envelope !== undefined ? { envelope: resource.envelope } : {}),
    ...(resource.nested ? { nested: true } : {}),
    ...(resource.indexes?.length ? { indexes: resource.indexes } : {}),
    ...(resource.graphql === false ? { graphql: false as const } : {}),
    ...(database === 'mongodb' ? {} : { migration: resource.migrationTimestamp }),
  };
}

/** The config text with `resource` recorded (replacing a record of the same name), in the file's indentation. */
export function recordResource(loaded: LoadedConfig, resource: ResourceOptions): string {
  const record = resourceRecord(resource, loaded.config.database);
  const resources = loaded.config.resources.filter((found) => found.name !== record.name);
  const config = { ...loaded.config, resources: [...resources, record] };
  const indent = /^[ \t]+/m.exec(loaded.text)?.[0] ?? '  ';
  const eol = loaded.text.includes('\r\n') ? '\r\n' : '\n';
  return `${JSON.stringify(config, null, indent)}\n`.replace(/\n/g, eol);
}
