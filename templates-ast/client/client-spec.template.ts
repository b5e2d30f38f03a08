// test/client.e2e-spec.ts: the typed client in client/ against the API it types. The document is built
// from the app as `npm run docs` builds it, typed by openapi-typescript as `npm run client` types it, and
// client/*.ts is type-checked against it (its @ts-expect-error lines included) without writing a file;
// then client/example.ts runs against the server.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function clientE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const accounts = options.auth && hasPassword(options);
  const run = accounts
    ? `
  it('signs up, signs in and reads the profile with client/example.ts', async () => {
    const { example } = await loadExample();
    await expect(example(await listening(), process.env.CLIENT_KEY ?? '')).resolves.toMatch(
      /^ada-\\d+@example\\.com$/,
    );
  });`
    : `
  it('asks whether the API is up with client/example.ts', async () => {
    const { example } = await loadExample();
    await expect(example(await listening())).resolves.toBe('ok');
  });`;
  return tsFile(
    'test/client.e2e-spec.ts',
    [
      { from: 'typescript', default: 'ts', types: ['Diagnostic'] },
      { from: 'openapi-typescript', default: 'openapiTS', named: ['astToString'] },
      appTypeImport(options),
      use('openApi', 'buildOpenApi'),
      use('testApp', 'createTestApp', 'describeWithDatabase'),
    ],
    [
      block(`
/** What client/example.ts exports (imported by path: client/ is outside the project's type-check). */
interface ExampleModule {
  example(baseUrl: string, clientKey?: string): Promise<string>;
}

/** client/example.ts, loaded at run time: a static import would need client/schema.d.ts in every checkout. */
async function loadExample(): Promise<ExampleModule> {
  const path: string = '../client/example';
  return (await import(path)) as ExampleModule;
}

/**
 * The type errors of client/*.ts, checked as \`tsc -p client/tsconfig.json\` checks them, with
 * client/schema.d.ts read from \`schema\` instead of the disk.
 */
function typeErrors(schema: string): string[] {
  const configPath = ts.findConfigFile('client', (file: string) => ts.sys.fileExists(file), 'tsconfig.json');
  if (!configPath) return ['client/tsconfig.json is missing'];
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  });
  if (!config) return [\`\${configPath} cannot be read\`];
  const schemaPath = ts.sys.resolvePath('client/schema.d.ts');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file: string) => (ts.sys.resolvePath(file) === schemaPath ? schema : readFile(file));
  host.fileExists = (file: string) => ts.sys.resolvePath(file) === schemaPath || fileExists(file);
  const roots = config.fileNames.filter((file: string) => ts.sys.resolvePath(file) !== schemaPath);
  const program = ts.createProgram(roots, config.options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic: Diagnostic) =>
    ts.formatDiagnostic(diagnostic, {
      getCanonicalFileName: (file: string) => file,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\\n',
    }),
  );
}

describeWithDatabase('The typed client in client/ (e2e)', () => {
  let app: ${platform.app};
  let schema: string;

  /** The server on a free port of this machine; its address. */
  async function listening(): Promise<string> {
    await app.listen(0, '127.0.0.1');
    return app.getUrl();
  }

  beforeAll(async () => {
    app = await createTestApp();
    const document = buildOpenApi(app);
    schema = astToString(
      await openapiTS(JSON.stringify(document), { defaultNonNullable: false }),
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('type-checks against the API as npm run client types it', () => {
    expect(typeErrors(schema)).toEqual([]);
  }, 60_000);
${run}
});
`),
    ],
  );
}
