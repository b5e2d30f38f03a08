// src/common/{body-limits,request-checks,form-value,headers}.spec.ts: unit tests of what hostile input meets first.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function bodyLimitsSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/body-limits.spec.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'PayloadTooLargeException'),
      use('bodyLimits', 'bodyProblem'),
    ],
    [
      block(`
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
};

describe('bodyProblem', () => {
  it('takes an ordinary body', () => {
    expect(bodyProblem({ title: 'Hello', tags: ['a', 'b'], views: 1, nested: nested(19) })).toBeUndefined();
    expect(bodyProblem(undefined)).toBeUndefined();
  });

  it('refuses more than 1000 keys in one object, naming the limit', () => {
    const keys = Object.fromEntries(Array.from({ length: 1001 }, (_, index) => [\`k\${index}\`, index]));
    const problem = bodyProblem({ inner: keys });
    expect(problem).toBeInstanceOf(PayloadTooLargeException);
    expect(problem?.message).toMatch(/1000 keys/);
  });

  it('refuses nesting deeper than 20 levels, without recursion however deep the body', () => {
    expect(bodyProblem(nested(20))).toBeUndefined();
    expect(bodyProblem(nested(21))?.message).toMatch(/20 levels/);
    expect(bodyProblem(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBeInstanceOf(BadRequestException);
  });

  it('refuses lists of more than 1000 items and texts of more than 100000 characters', () => {
    expect(bodyProblem({ list: new Array(1001).fill(0) })?.message).toMatch(/1000 items/);
    expect(bodyProblem({ text: 'a'.repeat(100_001) })?.message).toMatch(/100000 characters/);
  });

  it('refuses NUL characters and reserved keys anywhere', () => {
    expect(bodyProblem({ a: ['x\\u0000y'] })?.message).toMatch(/NUL/);
    expect(bodyProblem({ ['a\\u0000']: 1 })?.message).toMatch(/NUL/);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(bodyProblem(JSON.parse(\`{"a":{"\${key}":{"role":"admin"}}}\`))?.message).toBe(\`property \${key} should not exist\`);
    }
  });
});
`),
    ],
  );
}

export function requestChecksSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'src/common/request-checks.spec.ts',
    [httpTypeImports(options, 'request'), use('requestChecks', 'isHost', 'requestProblem')],
    [
      block(`
const requestOf = (url: string, headers: Record<string, string> = {}): ${platform.request} =>
  ({ url, headers: { host: 'api.example.com', ...headers } }) as unknown as ${platform.request};
const basic = (credentials: string) => \`Basic \${Buffer.from(credentials).toString('base64')}\`;

describe('isHost', () => {
  it('takes names, IPv4 and IPv6 addresses, with a port', () => {
    for (const host of ['localhost', 'api.example.com:8443', '127.0.0.1:9000', '[::1]:9000', 'my_service']) {
      expect(isHost(host)).toBe(true);
    }
  });

  it('refuses malformed hosts and ports', () => {
    for (const host of ['x:99999', '[', 'a b', '', 'a/b', 'evil.example@x']) expect(isHost(host)).toBe(false);
  });
});

describe('requestProblem', () => {
  it('takes an ordinary request', () => {
    expect(requestProblem(requestOf('/articles?q=%2500', { authorization: basic('a@b.c:pw') }))).toBeUndefined();
  });

  it('refuses a bad Host, and NUL characters in the URL or in Basic credentials', () => {
    expect(requestProblem(requestOf('/', { host: 'a b' }))?.message).toMatch(/Host/);
    expect(requestProblem(requestOf('/articles?q=%00'))?.message).toMatch(/NUL/);
    expect(requestProblem(requestOf('/', { authorization: basic('a\\u0000@b.c:pw') }))?.message).toMatch(/NUL/);
  });
});
`),
    ],
  );
}

export function formValueSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/form-value.spec.ts',
    [use('formValue', 'formValue')],
    [
      block(`
describe('formValue', () => {
  it('takes numbers written in decimals, and leaves any other text for validation to refuse', () => {
    expect(formValue('12', 'number')).toBe(12);
    expect(formValue('-0.5', 'number')).toBe(-0.5);
    expect(formValue(3, 'number')).toBe(3);
    for (const text of ['0x10', '', ' 7', '1e3', 'true', 'Infinity']) expect(formValue(text, 'number')).toBe(text);
    expect(formValue(true, 'number')).toBe(true);
  });

  it('takes booleans from true and false only', () => {
    expect(formValue('true', 'boolean')).toBe(true);
    expect(formValue('false', 'boolean')).toBe(false);
    expect(formValue('1', 'boolean')).toBe('1');
  });

  it('takes ISO 8601 dates only', () => {
    expect(formValue('2024-05-01T10:00:00.000Z', 'date')).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(formValue('0', 'date')).toBe('0');
  });

  it('takes a single value as a one-item list', () => {
    expect(formValue('a', 'text', true)).toEqual(['a']);
    expect(formValue(['1', '2'], 'number', true)).toEqual([1, 2]);
    expect(formValue(undefined, 'text', true)).toBeUndefined();
  });
});
`),
    ],
  );
}

export function headersSpecTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/common/headers.spec.ts',
    [use('headers', 'corsOrigins', 'trustProxySetting')],
    [
      block(`
describe('corsOrigins', () => {
  it('reads a comma list, and no origin when unset', () => {
    expect(corsOrigins('https://app.example.com, https://admin.example.com')).toEqual([
      'https://app.example.com',
      'https://admin.example.com',
    ]);
    expect(corsOrigins(undefined)).toEqual([]);
  });
});

describe('trustProxySetting', () => {
  it(${trustProxyTest(options)});
});
`),
    ],
  );
}

export function pagingSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/paging.spec.ts',
    [
      use('paging', 'fitPage', 'linkHeader', 'jsonDates', 'MAX_LIST_ANSWER'),
      use('listQuery', 'MAX_COUNT'),
    ],
    [
      block(`
describe('linkHeader', () => {
  const page = { items: [], total: 25, page: 2, limit: 10 };

  it('writes relative links, without the access token', () => {
    expect(linkHeader('', '/articles?page=2&access_token=secret&q=a', page)).toBe(
      [
        '</articles?page=1&q=a>; rel="first"',
        '</articles?page=1&q=a>; rel="prev"',
        '</articles?page=3&q=a>; rel="next"',
        '</articles?page=3&q=a>; rel="last"',
      ].join(', '),
    );
  });

  it('writes links under PUBLIC_URL when it is set, whatever the request named', () => {
    const links = linkHeader('https://api.example.com/v1/', '//evil.example/articles', page);
    expect(links).toContain('<https://api.example.com/v1/articles?page=1>; rel="first"');
    expect(links).not.toContain('evil.example');
  });

  it('keeps the order of the query, with the page where it first stood', () => {
    expect(linkHeader('', '/articles?q=a&page=2&sort=-views&page=9', page)).toContain(
      '</articles?q=a&page=3&sort=-views>; rel="next"',
    );
    expect(linkHeader('', '/articles?sort=views', page)).toContain(
      '</articles?sort=views&page=1>; rel="first"',
    );
  });

  it('writes encoded queries as URLSearchParams does', () => {
    expect(linkHeader('', '/articles?q=a%20b&fields=title,views&page=2', page)).toContain(
      '</articles?q=a+b&fields=title%2Cviews&page=3>; rel="next"',
    );
    expect(linkHeader('', '/articles/../users?access_token=x', page)).toContain(
      '</users?page=1>; rel="first"',
    );
  });

  it('has no last page when the count is left out or not exact, and a next one after a full page', () => {
    const full = { items: Array.from({ length: 10 }, () => ({})), page: 2, limit: 10 };
    for (const total of [undefined, MAX_COUNT + 1]) {
      expect(linkHeader('', '/articles?page=2', { ...full, total })).toBe(
        ['</articles?page=1>; rel="first"', '</articles?page=1>; rel="prev"', '</articles?page=3>; rel="next"'].join(', '),
      );
      expect(linkHeader('', '/articles?page=2', { ...full, items: [{}], total })).not.toContain('rel="next"');
    }
  });

  it('pages a cursor by the cursor of the last entry, from the first page', () => {
    const cursor = { items: [{}, {}], page: 1, limit: 2, more: true, after: (index: number) => \`entry\${index}\` };
    expect(linkHeader('', '/articles?sort=title&after=abc&limit=2', cursor)).toBe(
      '</articles?sort=title&after=&limit=2>; rel="first", </articles?sort=title&after=entry1&limit=2>; rel="next"',
    );
    expect(linkHeader('', '/articles?after=abc', { ...cursor, more: false })).toBe('</articles?after=>; rel="first"');
  });
});

describe('fitPage', () => {
  const long = (id: number) => ({ id: String(id), content: 'a'.repeat(300_000) });
  const items = Array.from({ length: 10 }, (_, index) => long(index));

  it('answers a page as it is while it fits MAX_LIST_ANSWER', () => {
    const page = { items: items.slice(0, 3), total: 3, page: 1, limit: 10 };
    expect(fitPage(page)).toBe(page);
  });

  it('cuts a longer page to a limit whose pages start where it does', () => {
    // 300,000 characters each: three fit in about 1 MiB.
    expect(fitPage({ items, total: 40, page: 1, limit: 10 })).toMatchObject({ page: 1, limit: 3, total: 40 });
    const third = fitPage({ items, total: 40, page: 3, limit: 10 });
    // Page 3 of 10 starts at entry 20: a limit of 2 starts a page there (page 11).
    expect(third).toMatchObject({ page: 11, limit: 2 });
    expect(third.items).toHaveLength(2);
    expect(JSON.stringify(third.items).length).toBeLessThanOrEqual(MAX_LIST_ANSWER);
  });

  it('cuts a page of a cursor to what fits, with more to follow', () => {
    const cut = fitPage({ items, page: 1, limit: 10, more: false, after: String });
    expect(cut.items).toHaveLength(3);
    expect(cut).toMatchObject({ limit: 10, more: true });
  });

  it('answers one entry, however long', () => {
    const huge = { items: [{ id: '1', content: 'a'.repeat(2_000_000) }, long(2)], total: 2, page: 1, limit: 10 };
    expect(fitPage(huge).items).toHaveLength(1);
  });
});

describe('jsonDates', () => {
  it('writes the dates of plain objects and lists as JSON does, and changes nothing it was given', () => {
    const view = {
      id: '1',
      at: new Date('2024-01-31T12:00:00Z'),
      tags: [{ at: new Date('2024-02-01T00:00:00Z') }],
      never: new Date(Number.NaN),
      none: null,
    };
    const written = jsonDates([view]);
    expect(written).toEqual([
      {
        id: '1',
        at: '2024-01-31T12:00:00.000Z',
        tags: [{ at: '2024-02-01T00:00:00.000Z' }],
        never: null,
        none: null,
      },
    ]);
    expect(JSON.stringify(written)).toBe(JSON.stringify([view]));
    expect(view.at).toBeInstanceOf(Date);
    expect(view.tags[0].at).toBeInstanceOf(Date);
  });

  it('answers class instances and date-less objects as they are', () => {
    class Entity {
      at = new Date();
    }
    const entity = new Entity();
    const plain = { id: '1', tags: ['a'] };
    const [first, second] = jsonDates([entity, plain]);
    expect(first).toBe(entity);
    expect(second).toBe(plain);
  });
});
`),
    ],
  );
}

/** TRUST_PROXY as each platform takes it: Express a number of proxies, Fastify a function of the hop. */
const trustProxyTest = (options: Pick<ProjectOptions, 'http'>) =>
  options.http === 'fastify'
    ? `"reads TRUST_PROXY as Fastify's trustProxy option", () => {
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('0')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    const twoProxies = trustProxySetting('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoProxies('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  }`
    : `"reads TRUST_PROXY as Express's trust proxy setting", () => {
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('2')).toBe(2);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  }`;
