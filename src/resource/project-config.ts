// Reads and checks a project's restsmith.json (what `rest new` chose) and records the resources `rest api` adds.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sjson from 'secure-json-parse';
import { UserError } from '../cli/errors.js';
import { names } from './names.js';
import type {
  AuthMethod,
  Database,
  HttpPlatform,
  PackageManager,
  ProjectOptions,
} from '../project/options.js';
import type { Access, ResourceMethod, ResourceOptions } from './options.js';
import { parseFieldList, parseFields, referenceText } from './field-parser.js';
import { CONFIG_FILE, checkConfig } from './project-config-check.js';

export { CONFIG_FILE };

/** A resource as restsmith.json records it: fields in the `--fields` syntax, so a person can read it. */
export interface ResourceRecord {
  name: string;
  endpoint: string;
  methods: Partial<Record<ResourceMethod, Access>>;
  fields: string[];
  owner?: string;
  /** Route kinds that also need a confirmed e-mail (`--confirmed`). */
  confirmed?: ResourceMethod[];
  /** Reference fields whose entries are deleted with the referenced entry (`--cascade`). */
  cascade?: string[];
  /** Its list answers `{ rows, count }`; the project's `envelope` when left out. */
  envelope?: boolean;
  /** `--nested`: each reference lists the entries of one referenced entry (`GET /categories/:id/articles`). */
  nested?: boolean;
  /** `--indexes`: filterable fields with an index of their own. */
  indexes?: string[];
  /** The timestamp of the resource's migration, so that `rest api --force` writes the same one again. */
  migration?: number;
}

export interface ProjectConfig {
  name: string;
  database: Database;
  /** Left out of files written before --http: Express. */
  http?: HttpPlatform;
  sourceDir: string;
  auth: boolean;
  signInOnCreate: boolean;
  refreshTokens?: boolean;
  passwordReset: boolean;
  /** Left out of files written before these choices: no root, no redirect, arrays. */
  apiRoot?: string;
  forceHttps?: boolean;
  envelope?: boolean;
  emailConfirmation?: boolean;
  /** Left out of files written before --auth-methods: password only. */
  authMethods?: AuthMethod[];
  packageManager: PackageManager;
  resources: ResourceRecord[];
  /** Keys other tools or people added are kept as they are. */
  [key: string]: unknown;
}

export interface LoadedConfig {
  config: ProjectConfig;
  /** The file's text, for the diff and to keep its indentation. */
  text: string;
}

export async function readProjectConfig(root: string): Promise<LoadedConfig> {
  const path = join(root, CONFIG_FILE);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) {
    throw new UserError(`There is no ${CONFIG_FILE} in ${root}.`, {
      hint: 'Run `rest api` at the root of a project made by `rest new` (or pass --cwd).',
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
