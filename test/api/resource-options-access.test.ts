// resourceOptions, who may call a resource: methods and access levels, --owner, --confirmed.
import { describe, expect, it } from 'vitest';
import { parseMethods } from '../../src/resource/resource-access.js';
import { options, project, refusal } from './resource-options-context.js';

describe('resourceOptions: methods and access', () => {
  it('defaults to every method, public, as yo rest:api did', () => {
    expect(options({}).methods).toEqual({
      create: 'public',
      list: 'public',
      read: 'public',
      update: 'public',
      delete: 'public',
    });
  });

  it('reads HTTP words and route kinds in any case', () => {
    expect(parseMethods('post, GET', '--methods')).toEqual(['create', 'list', 'read']);
    expect(parseMethods('get list,PATCH,delete', '--methods')).toEqual([
      'list',
      'update',
      'delete',
    ]);
    expect(parseMethods('read', '--methods')).toEqual(['read']);
  });

  it('gives each listed method its access level and leaves the rest public', () => {
    const result = options({
      methods: 'POST,GET,PUT',
      access: { master: 'POST', user: 'PUT', admin: 'get list' },
    });
    expect(result.methods).toEqual({
      create: 'master',
      list: 'admin',
      read: 'public',
      update: 'user',
    });
  });

  it('refuses a method in two lists, a method not generated and an unknown word', () => {
    expect(refusal(() => options({ access: { user: 'POST', admin: 'post' } }))).toEqual({
      message: 'POST is in both --user and --admin.',
      hint: 'Give each method one access level.',
    });
    expect(refusal(() => options({ methods: 'GET', access: { admin: 'DELETE' } }))).toEqual({
      message: '--admin names DELETE /:id, which --methods leaves out.',
      hint: 'Add it to --methods or remove it from --admin.',
    });
    expect(refusal(() => options({ access: { user: 'FETCH' } })).message).toBe(
      '--user: "FETCH" is not a method.',
    );
  });

  it('refuses user and admin access on a project without accounts', () => {
    const noAuth = { ...project, auth: false };
    expect(refusal(() => options({ access: { user: 'POST' } }, noAuth)).message).toBe(
      '--user needs user accounts, and this project has none (--no-auth).',
    );
    expect(options({ access: { master: 'POST' } }, noAuth).methods.create).toBe('master');
  });
});

describe('resourceOptions: owner', () => {
  it('makes create, update and delete signed-in by default', () => {
    const result = options({ owner: 'author', access: { admin: 'DELETE' } });
    expect(result.owner?.camel).toBe('author');
    expect(result.methods).toEqual({
      create: 'user',
      list: 'public',
      read: 'public',
      update: 'user',
      delete: 'admin',
    });
  });

  it('refuses an owner with a public create or update, or without POST', () => {
    expect(refusal(() => options({ owner: 'author', access: { public: 'POST' } }))).toEqual({
      message: 'With --owner, POST must be signed in (--user or --admin), not --public.',
      hint: 'Move POST to --user, or drop --owner.',
    });
    expect(refusal(() => options({ owner: 'author', access: { master: 'PUT' } })).message).toBe(
      'With --owner, PUT/PATCH /:id must be signed in (--user or --admin), not --master.',
    );
    expect(refusal(() => options({ owner: 'author', methods: 'GET' })).message).toBe(
      '--owner records who created an entry, so it needs the POST method.',
    );
    expect(refusal(() => options({ owner: 'author' }, { ...project, auth: false })).message).toBe(
      '--owner needs user accounts, and this project has none (--no-auth).',
    );
  });
});

describe('resourceOptions: --confirmed', () => {
  const confirming = { ...project, emailConfirmation: true };

  it("makes the named methods signed-in users' unless a list says admin, and records them", () => {
    const result = options({ confirmed: 'POST,DELETE', access: { admin: 'DELETE' } }, confirming);
    expect(result.methods).toMatchObject({ create: 'user', delete: 'admin', list: 'public' });
    expect(result.confirmed).toEqual(['create', 'delete']);
    expect(options({}, confirming)).not.toHaveProperty('confirmed');
  });

  it('refuses it without e-mail confirmation, on public or master methods, and on missing ones', () => {
    expect(refusal(() => options({ confirmed: 'POST' }))).toEqual({
      message:
        '--confirmed needs e-mail confirmation, and this project has none (restsmith.json "emailConfirmation").',
      hint: 'Drop --confirmed, or generate the project with rest new --email-confirmation.',
    });
    expect(
      refusal(() => options({ confirmed: 'PUT', access: { master: 'PUT' } }, confirming)),
    ).toEqual({
      message:
        '--confirmed names PUT/PATCH /:id, which is --master: only a signed-in user has an e-mail to confirm.',
      hint: 'Move PUT to --user or --admin, or remove it from --confirmed.',
    });
    expect(refusal(() => options({ methods: 'GET', confirmed: 'POST' }, confirming)).message).toBe(
      '--confirmed names POST, which --methods leaves out.',
    );
  });
});
