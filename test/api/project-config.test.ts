import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import {
  projectOptions,
  readProjectConfig,
  recordResource,
} from '../../src/model/project-config.js';
import { resourceOptions } from '../../src/resource/resource-options.js';

function projectWith(text: string | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'restsmith-config-'));
  if (text !== undefined) writeFileSync(join(root, 'restsmith.json'), text);
  return root;
}

const base = { name: 'blog', database: 'sqlite', sourceDir: 'src', auth: true, resources: [] };

describe('restsmith.json', () => {
  it('reads a project and fills defaults for keys an older file lacks', async () => {
    const { config } = await readProjectConfig(projectWith(JSON.stringify(base)));
    expect(projectOptions(config)).toMatchObject({
      name: 'blog',
      database: 'sqlite',
      sourceDir: 'src',
      auth: true,
      signInOnCreate: false,
      refreshTokens: false,
      apiRoot: '',
      forceHttps: false,
      envelope: false,
      packageManager: 'npm',
      resources: [],
    });
  });

  it('reads back the API root, https and envelope choices; a resource takes the envelope unless it says', async () => {
    const resources = [
      { name: 'note', endpoint: 'notes', methods: { list: 'public' }, fields: ['title'] },
      {
        name: 'tag',
        endpoint: 'tags',
        methods: { list: 'public' },
        fields: ['title'],
        envelope: false,
      },
    ];
    const text = JSON.stringify({
      ...base,
      apiRoot: '/api',
      forceHttps: true,
      envelope: true,
      resources,
    });
    const project = projectOptions((await readProjectConfig(projectWith(text))).config);
    expect(project).toMatchObject({ apiRoot: '/api', forceHttps: true, envelope: true });
    expect(project.resources.map((resource) => resource.envelope)).toEqual([true, false]);
  });

  it('refuses a bad API root, https or envelope value, naming the key', async () => {
    const refused = async (extra: object, message: string) =>
      expect(readProjectConfig(projectWith(JSON.stringify({ ...base, ...extra })))).rejects.toThrow(
        message,
      );
    await refused(
      { apiRoot: 'api' },
      'restsmith.json: "apiRoot" should be a path such as "/api", or "".',
    );
    await refused({ apiRoot: '/api/' }, '"apiRoot" should be a path');
    await refused({ forceHttps: 'yes' }, 'restsmith.json: "forceHttps" should be true or false.');
    await refused({ envelope: 1 }, 'restsmith.json: "envelope" should be true or false.');
    await refused(
      {
        resources: [{ name: 'a', endpoint: 'as', methods: {}, fields: [], envelope: 'yes' }],
      },
      'restsmith.json: "resources[0].envelope" should be true or false.',
    );
  });

  it('records a resource in a form a person can read, keeping other keys', async () => {
    const loaded = await readProjectConfig(projectWith(JSON.stringify({ ...base, extra: 1 })));
    const article = resourceOptions(
      { name: 'Article', fields: 'title views?:number tags:string[]', owner: 'author' },
      {
        auth: true,
        resources: [],
        modules: [],
        endpoints: [],
        migrationTimestamp: 1_700_000_000_000,
      },
    );
    const text = recordResource(loaded, article);
    expect(text).toBe(
      dedent`
        {
          "name": "blog",
          "database": "sqlite",
          "sourceDir": "src",
          "auth": true,
          "resources": [
            {
              "name": "article",
              "endpoint": "articles",
              "methods": {
                "create": "user",
                "list": "public",
                "read": "public",
                "update": "user",
                "delete": "user"
              },
              "fields": [
                "title:string",
                "views?:number",
                "tags:string[]"
              ],
              "owner": "author",
              "envelope": false,
              "migration": 1700000000000
            }
          ],
          "extra": 1,
          "signInOnCreate": false,
          "passwordReset": false,
          "packageManager": "npm"
        }
      ` + '\n',
    );
    const again = await readProjectConfig(projectWith(text));
    const [readBack] = projectOptions(again.config).resources;
    expect(readBack?.names.pascal).toBe('Article');
    expect(recordResource(again, readBack!)).toBe(text);
  });

  it('refuses a missing file, bad JSON, a bad value and prototype keys, naming the fix', async () => {
    await expect(readProjectConfig(projectWith(undefined))).rejects.toThrow(
      /There is no restsmith\.json in/,
    );
    await expect(readProjectConfig(projectWith('{ "name": '))).rejects.toThrow(
      /^restsmith\.json is not valid JSON/,
    );
    await expect(
      readProjectConfig(projectWith(JSON.stringify({ ...base, database: 'oracle' }))),
    ).rejects.toThrow('restsmith.json: "database" should be mongodb | mysql | postgres | sqlite.');
    await expect(
      readProjectConfig(projectWith(JSON.stringify({ ...base, resources: [{ name: 'a' }] }))),
    ).rejects.toThrow(
      'restsmith.json: "resources[0]" should be an object with "name" and "endpoint".',
    );
    await expect(readProjectConfig(projectWith('{ "__proto__": { "x": 1 } }'))).rejects.toThrow(
      /not valid JSON/,
    );
  });

  it('reads authMethods (password only when left out) and refuses a method it does not know', async () => {
    const read = async (extra: object) =>
      projectOptions(
        (await readProjectConfig(projectWith(JSON.stringify({ ...base, ...extra })))).config,
      ).authMethods;
    expect(await read({})).toEqual(['password']);
    expect(await read({ authMethods: ['password', 'github'] })).toEqual(['password', 'github']);
    await expect(
      readProjectConfig(projectWith(JSON.stringify({ ...base, authMethods: ['password', 'x'] }))),
    ).rejects.toThrow(
      'restsmith.json: "authMethods" should be a list of "password", "facebook", "github", "google".',
    );
  });

  it('refuses user or admin access in a project without user accounts', async () => {
    const record = { name: 'note', endpoint: 'notes', fields: ['title'] };
    const withAccess = (auth: boolean, access: string) =>
      JSON.stringify({ ...base, auth, resources: [{ ...record, methods: { delete: access } }] });
    await expect(readProjectConfig(projectWith(withAccess(false, 'admin')))).rejects.toThrow(
      'restsmith.json: "resources[0].methods.delete" should be "public" or "master": the project has no user accounts ("auth": false).',
    );
    await expect(
      readProjectConfig(projectWith(withAccess(false, 'master'))),
    ).resolves.toBeDefined();
    await expect(readProjectConfig(projectWith(withAccess(true, 'admin')))).resolves.toBeDefined();
  });

  it('reads back the methods that need a confirmed e-mail, and refuses them on public methods', async () => {
    const record = { name: 'note', endpoint: 'notes', fields: ['title'] };
    const withConfirmed = (methods: object, confirmed: unknown) =>
      JSON.stringify({
        ...base,
        emailConfirmation: true,
        resources: [{ ...record, methods, confirmed }],
      });
    const { config } = await readProjectConfig(
      projectWith(withConfirmed({ create: 'user', list: 'public' }, ['create'])),
    );
    expect(projectOptions(config)).toMatchObject({
      emailConfirmation: true,
      resources: [{ confirmed: ['create'] }],
    });
    await expect(
      readProjectConfig(projectWith(withConfirmed({ list: 'public' }, ['list']))),
    ).rejects.toThrow(
      'restsmith.json: "resources[0].confirmed" should be a list of methods whose access is "user" or "admin".',
    );
  });

  it('records --nested and --indexes, reads them back, and refuses a bad value', async () => {
    const root = projectWith(JSON.stringify({ ...base, resources: [] }, null, 2));
    const loaded = await readProjectConfig(root);
    const article = resourceOptions(
      { name: 'article', fields: 'title views:number', nested: false, indexes: 'views' },
      { auth: true, resources: [], modules: [], endpoints: [], migrationTimestamp: 1 },
    );
    const text = recordResource(loaded, { ...article, nested: true });
    expect(JSON.parse(text).resources[0]).toMatchObject({ nested: true, indexes: ['views'] });
    const { config } = await readProjectConfig(projectWith(text));
    expect(projectOptions(config).resources[0]).toMatchObject({ nested: true, indexes: ['views'] });
    const bad = { ...base, resources: [{ name: 'note', endpoint: 'notes', fields: ['title'] }] };
    for (const [key, value, expected] of [
      ['nested', 'yes', 'true or false'],
      ['indexes', 'views', 'a list of fields such as ["price"]'],
    ] as const) {
      const record = { ...bad.resources[0], [key]: value };
      await expect(
        readProjectConfig(projectWith(JSON.stringify({ ...bad, resources: [record] }))),
      ).rejects.toThrow(`restsmith.json: "resources[0].${key}" should be ${expected}.`);
    }
  });
});
