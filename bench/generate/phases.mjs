// Where the time of one `rest new` goes, from the built modules in one fresh process (see index.ts).
import { performance } from 'node:perf_hooks';

const [root, database] = process.argv.slice(2);
const times = [];
let last = performance.now();
let lastCpu = process.cpuUsage();
/** Wall and CPU (user + system) time since the previous mark: CPU time suffers less from a busy machine. */
const mark = (name) => {
  const now = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  times.push([name, now - last, (cpu.user + cpu.system) / 1000]);
  last = now;
  lastCpu = process.cpuUsage();
};

// As `rest new` does, before ts-morph loads.
await import(`${root}/dist/src/engine/compile-cache.js`);
mark('code cache hook');

await import(`${root}/dist/src/loader/ts-morph.js`);
mark('load ts-morph (and its TypeScript) with require(), as the generator does');
await import('prettier');
mark('import prettier');
const { projectFiles } = await import(`${root}/dist/templates-ast/project.js`);
const { normaliseProjectOptions } = await import(`${root}/dist/src/project/project-options.js`);
const staging = await import(`${root}/dist/src/engine/staging.js`);
const { checkDiagnostics, stageGlobals, stagePackageStandIns } = await import(
  `${root}/dist/src/engine/diagnostics.js`
);
const { prettierConfigFor } = await import(`${root}/dist/src/engine/format.js`);
const { formatJob } = await import(`${root}/dist/src/engine/prettier-format.js`);
mark('import restsmith modules and templates');
const files = projectFiles(normaliseProjectOptions({ name: 'bench-api', database }));
mark(`templates: projectFiles() (${files.length} files)`);
const project = staging.createStagingProject(files);
stageGlobals(project);
const esModule = staging.isEsModuleProject(files);
const typescript = files.filter((file) => file.kind === 'typescript');
const printed = typescript.map((file) => ({
  path: file.path,
  text: staging.printTypeScript(project, file, esModule),
}));
mark(`print ${printed.length} TypeScript files (structures, imports), as \`rest new\` does`);
const { checkSyntax } = await import(`${root}/dist/src/engine/syntax-check.js`);
checkSyntax(project, printed);
mark("check 'syntax': relative imports (parse errors come from prettier)");
const configFor = prettierConfigFor(files);
for (const { path, text } of printed) await formatJob({ path, text, ...configFor(path) });
mark('prettier: format the TypeScript files (on a worker thread in `rest new`)');

// What `rest new --check-types` does instead of printing and the syntax check.
const checked = staging.createStagingProject(files);
stageGlobals(checked);
const sourceFiles = typescript.map((file) => staging.stageTypeScript(checked, file, esModule));
mark('for comparison (--check-types): stage and parse the same files');
stagePackageStandIns(checked, sourceFiles);
checkDiagnostics(checked, sourceFiles);
mark('for comparison (--check-types): program and diagnostics');

console.log('| phase (one process) | wall ms | CPU ms |\n|---|---|---|');
for (const [name, ms, cpu] of times)
  console.log(`| ${name} | ${ms.toFixed(0)} | ${cpu.toFixed(0)} |`);
