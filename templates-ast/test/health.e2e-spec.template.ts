// test/health.e2e-spec.ts: GET /health without credentials, and the request id every answer carries.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function healthE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'test/health.e2e-spec.ts',
    [
      appTypeImport(options),
      { from: 'supertest', default: 'request' },
      use('testApp', 'createTestApp', 'describeWithDatabase'),
    ],
    [
      block(`
describeWithDatabase('Health and request ids (e2e)', () => {
  let app: ${platform.app};
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('GET /health answers 200 with the database up, without credentials', async () => {
    const response = await http().get('/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('echoes a safe X-Request-Id', async () => {
    const response = await http().get('/health').set('X-Request-Id', 'abc-123.x').expect(200);
    expect(response.headers['x-request-id']).toBe('abc-123.x');
  });

  it('replaces an unsafe or missing X-Request-Id with a new one', async () => {
    const unsafe = await http().get('/health').set('X-Request-Id', 'a b<script>').expect(200);
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await http().get('/no-such-route').expect(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
`),
    ],
  );
}
