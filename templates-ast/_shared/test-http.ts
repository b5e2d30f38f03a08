// How the generated e2e tests call the app: supertest on its server, or `api(app)` under the API root.
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';

/** The client expression of a spec and its imports; the paths in the tests stay those of the routes. */
export function testHttp(options: Pick<ProjectOptions, 'apiRoot'>): {
  client: string;
  imports: ImportRef[];
} {
  return options.apiRoot
    ? { client: 'api(app)', imports: [{ from: 'test/app.ts', named: ['api'] }] }
    : {
        client: 'request(app.getHttpServer())',
        imports: [{ from: 'supertest', default: 'request' }],
      };
}

/** How a test reads a list's answer: the array with X-Total-Count, or `{ rows, count }` (`--envelope`). */
export function listAnswer(envelope: boolean | undefined) {
  return {
    rows: (response: string) => (envelope ? `${response}.body.rows` : `${response}.body`),
    count: (response: string) =>
      envelope ? `${response}.body.count` : `Number(${response}.headers['x-total-count'])`,
    shape: envelope ? '{ rows, count } and Link' : 'X-Total-Count and Link',
  };
}
