// What a generated project's OpenAPI document must say, and what its /docs page shows in a real browser.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { chromium } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

type Operation = {
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown>; headers?: object }>;
  security?: Record<string, string[]>[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Valid OpenAPI 3; every operation answers a described body (or 204), and lists, bodies and sign-in read as they work. */
export async function checkOpenApi(document: Document): Promise<void> {
  // Throws with the offending path when the document breaks the OpenAPI 3 schema or a $ref dangles.
  await SwaggerParser.validate(structuredClone(document) as never);

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
  const undescribed = operations
    .filter(({ operation }) => {
      const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status));
      return !success || (success[0] !== '204' && !success[1].content?.['application/json']);
    })
    .map(({ name }) => name);
  expect(undescribed, 'operations without a described success answer').toEqual([]);

  // Errors carry the error body's schema.
  const notFound = document.paths['/notes/{id}']!.get!.responses['404'];
  expect(JSON.stringify(notFound)).toContain('#/components/schemas/ErrorView');

  // A list: an array of views (of which `fields` may keep only some properties: NoteViewPartial
  // requires none), its total in X-Total-Count, and typed, bounded parameters.
  const list = document.paths['/notes']!.get!;
  expect(JSON.stringify(list.responses['200']!.content)).toMatch(
    /"type":"array","items":\{"\$ref":"#\/components\/schemas\/NoteViewPartial"\}/,
  );
  expect(list.responses['200']!.headers).toHaveProperty('X-Total-Count');
  const parameter = (name: string) => list.parameters!.find((each) => each.name === name)!.schema;
  expect(parameter('limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  expect(parameter('page')).toMatchObject({ type: 'integer', minimum: 1 });
  expect(parameter('q')).toMatchObject({ type: 'string', minLength: 3, maxLength: 100 });
  // Only indexed fields sort (the note has no --indexes): a title is selected, never sorted by.
  expect(parameter('sort')).toEqual({
    type: 'array',
    items: { type: 'string', enum: ['id', '-id', 'createdAt', '-createdAt'] },
  });
  expect(parameter('fields')).toMatchObject({
    type: 'array',
    items: { enum: expect.arrayContaining(['title', '-createdAt']) },
  });

  // Bodies as JSON or as a form.
  expect(Object.keys(document.paths['/notes']!.post!.requestBody!.content).sort()).toEqual([
    'application/json',
    'application/x-www-form-urlencoded',
  ]);

  // Sign-in needs the client key (or the master key) and Basic together: one requirement object; or
  // Basic alone, the key then being `access_token` in the body (which security schemes cannot say).
  expect(document.paths['/auth']!.post!.security).toEqual([
    { 'client-key': [], basic: [] },
    { basic: [] },
  ]);
  expect(document.components!.securitySchemes!['client-key']).toMatchObject({
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
  });
}

/** The operations the Swagger UI at `url` lists, as "GET /notes", read from the page headless Chromium renders. */
export async function operationsShownAt(url: string): Promise<string[]> {
  const profile = mkdtempSync(join(tmpdir(), 'restsmith-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
    return await page.$$eval('.opblock-summary', (summaries) =>
      summaries.map((summary) =>
        [
          summary.querySelector('.opblock-summary-method')?.textContent,
          summary.querySelector('.opblock-summary-path')?.getAttribute('data-path'),
        ].join(' '),
      ),
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Why the browser test cannot run here, if it cannot. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
}
