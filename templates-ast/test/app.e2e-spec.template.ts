// test/app.e2e-spec.ts: what the app answers to malformed or oversized requests: a 4xx, never a 500.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

export function appE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'test/app.e2e-spec.ts',
    [
      appTypeImport(options),
      ...testHttp(options).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['MASTER_KEY'] },
    ],
    [
      block(`
describeWithDatabase('Requests the app refuses (e2e)', () => {
  let app: ${platform.app};
  const http = () => ${testHttp(options).client};

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const response = await http()
      .post('/users')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ access_token: MASTER_KEY, padding: 'x'.repeat(1024 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: '${options.http === 'fastify' ? 'Request body is too large' : 'request entity too large'}', error: 'Payload Too Large' });
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await http().post('/users').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 404 to a route that does not exist', async () => {
    const response = await http().get('/no-such-route').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
`),
    ],
  );
}
