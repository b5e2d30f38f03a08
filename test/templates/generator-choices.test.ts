// `rest new --api-root --force-https --envelope` and `rest api --envelope`: what each choice changes in the generated text, and that nothing changes without it.
import { describe, expect, it } from 'vitest';
import { renderFiles } from '../../src/engine/render.js';
import { normaliseProjectOptions } from '../../src/project/project-options.js';
import { resourceOptions } from '../../src/resource/resource-options.js';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { renderProject } from './render.js';

const CHOICES = {
  database: 'sqlite',
  apiRoot: '/api',
  forceHttps: true,
  envelope: true,
} as const;

/** Text without line breaks and indentation, so that prettier's wrapping does not matter. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('rest new --api-root /api --force-https --envelope', () => {
  it('puts every route under the root but /health, in the app and in npm run docs', async () => {
    const { text } = await renderProject(CHOICES);
    const setup = flat(text('src/app.setup.ts'));
    expect(setup).toContain("export const API_ROOT = '/api';");
    expect(setup).toContain("app.setGlobalPrefix(API_ROOT, { exclude: ['health'] });");
    expect(setup).toContain('setApiRoot(app);');
    expect(flat(text('src/docs.ts'))).toContain('setApiRoot(app);');
    // /docs stays where it was: Swagger is set up without the global prefix.
    expect(text('src/main.ts')).toContain("SwaggerModule.setup('docs', app");
  });

  it('lets the e2e tests and the README name routes under the root; /health stays at the root', async () => {
    const { text } = await renderProject(CHOICES);
    const testApp = flat(text('test/app.ts'));
    expect(testApp).toContain('export function api(app: NestExpressApplication)');
    expect(testApp).toContain('`${API_ROOT}${path}`');
    expect(text('test/users.e2e-spec.ts')).toContain('const http = () => api(app);');
    expect(text('test/health.e2e-spec.ts')).toContain('request(app.getHttpServer())');
    const readme = text('README.md');
    expect(readme).toContain('curl -X POST http://localhost:9000/api/users');
    expect(readme).toContain('curl http://localhost:9000/health');
    expect(readme).not.toMatch(/localhost:9000\/(users|auth)/);
  });

  it('redirects plain HTTP in production only, trusting X-Forwarded-Proto from TRUST_PROXY', async () => {
    const { text } = await renderProject(CHOICES);
    const setup = flat(text('src/app.setup.ts'));
    expect(setup).toContain(
      "if (config.get('NODE_ENV', { infer: true }) === 'production') { app.use(forceHttps(trustProxy)); }",
    );
    const headers = flat(text('src/common/headers.ts'));
    expect(headers).toContain("if (request.secure || request.path === '/health') return next();");
    expect(headers).toContain(
      "const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;",
    );
    expect(headers).toMatch(/if \(trustProxy === false \|\| trustProxy === 0\) \{ throw new Error/);
    expect(text('.env')).toMatch(/refuses to start while it is false/);
  });

  it('answers the users list as { rows, count }, documented as such', async () => {
    const { text } = await renderProject(CHOICES);
    expect(text('src/users/users.controller.ts')).toContain('@PagedEnvelope(UserView)');
    const paging = flat(text('src/common/paging.ts'));
    // The count unless count=false, at most MAX_COUNT (then X-Total-Count-Exact: false).
    expect(paging).toContain(
      'return page.total === undefined ? { rows } : { rows, count: Math.min(page.total, MAX_COUNT) };',
    );
    expect(paging).toContain("required: ['rows']");
    expect(paging).toContain("rows: { type: 'array', items: { $ref: getSchemaPath(view) } }");
    const users = text('test/users.e2e-spec.ts');
    expect(users).toContain('const total = response.body.count;');
    expect(users).toContain("with { rows, count } and Link'");
    expect(JSON.parse(text('restsmith.json'))).toMatchObject({
      apiRoot: '/api',
      forceHttps: true,
      envelope: true,
    });
  });

  it('changes nothing of the above without the choices', async () => {
    const { text } = await renderProject({ database: 'sqlite' });
    expect(text('src/app.setup.ts')).not.toMatch(/setGlobalPrefix|forceHttps|API_ROOT/);
    expect(text('src/common/headers.ts')).not.toContain('forceHttps');
    expect(text('src/users/users.controller.ts')).toContain('@Paged(UserView)');
    expect(text('test/app.ts')).not.toContain('function api(');
    expect(text('test/users.e2e-spec.ts')).toContain("Number(response.headers['x-total-count'])");
    expect(text('README.md')).toContain('curl -X POST http://localhost:9000/users');
  });
});

describe('rest api --envelope / --no-envelope', () => {
  const context = (envelope: boolean) => ({
    auth: true,
    envelope,
    resources: [],
    modules: [],
    endpoints: [],
    migrationTimestamp: 1_700_000_000_001,
  });

  it("takes the project's choice unless told", () => {
    const note = { name: 'note', fields: 'title' };
    expect(resourceOptions(note, context(true)).envelope).toBe(true);
    expect(resourceOptions({ ...note, envelope: false }, context(true)).envelope).toBe(false);
    expect(resourceOptions({ ...note, envelope: true }, context(false)).envelope).toBe(true);
  });

  it('writes an enveloped list and its tests, under the API root', async () => {
    const project = normaliseProjectOptions({ name: 'blog', ...CHOICES, packageManager: 'npm' });
    const note = resourceOptions({ name: 'note', fields: 'title' }, context(true));
    // Rendered with the project's files, which the resource's import.
    const files = await renderFiles([...projectFiles(project), ...resourceFiles(project, note)]);
    const text = (path: string) => files.find((file) => file.path === path)!.text;
    expect(text('src/notes/notes.controller.ts')).toContain('@PagedEnvelope(NoteView)');
    const e2e = text('test/notes.e2e-spec.ts');
    expect(e2e).toContain('const http = () => api(app);');
    expect(e2e).toContain('expect(response.body.rows).toHaveLength(2);');
    expect(e2e).toContain('expect(response.body.count).toBe(3);');
  });
});
