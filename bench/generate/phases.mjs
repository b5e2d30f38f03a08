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
const sourceFiles = files
  .filter((file) => file.kind === 'typescript')
  .map((file) => staging.stageTypeScript(project, file, esModule));
mark(`stage ${sourceFiles.length} TypeScript files (structures, imports)`);
stagePackageStandIns(project, sourceFiles);
checkDiagnostics(project, sourceFiles);
mark('check: program and diagnostics');
const configFor = prettierConfigFor(files);
for (const sourceFile of sourceFiles) {
  const path = sourceFile.getFilePath().slice('/project/'.length);
  await formatJob({ path, text: sourceFile.getFullText(), ...configFor(path) });
}
mark('prettier: format the TypeScript files (on a worker thread in `rest new`)');
const { checkSyntax } = await import(`${root}/dist/src/engine/syntax-check.js`);
checkSyntax(project, sourceFiles);
mark(
  "for comparison: check 'syntax' (parse errors and relative imports) instead of the type check",
);

console.log('| phase (one process) | wall ms | CPU ms |\n|---|---|---|');
for (const [name, ms, cpu] of times)
  console.log(`| ${name} | ${ms.toFixed(0)} | ${cpu.toFixed(0)} |`);
