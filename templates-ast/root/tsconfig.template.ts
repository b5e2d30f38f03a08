// tsconfig.json and tsconfig.build.json: Nest 12's `ts` template settings (CommonJS through NodeNext), strict.
import type { JsonFile } from '../../src/engine/generated-file.js';

export function tsconfigTemplate(): JsonFile {
  return {
    kind: 'json',
    path: 'tsconfig.json',
    data: {
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        resolvePackageJsonExports: true,
        esModuleInterop: true,
        isolatedModules: true,
        declaration: true,
        removeComments: true,
        emitDecoratorMetadata: true,
        experimentalDecorators: true,
        allowSyntheticDefaultImports: true,
        target: 'ES2023',
        types: ['node', 'jest'],
        sourceMap: true,
        outDir: './dist',
        rootDir: '.',
        incremental: true,
        skipLibCheck: true,
        strict: true,
        strictPropertyInitialization: false,
      },
      // client/ has its own tsconfig: `npm run client` writes its schema and type-checks it.
      exclude: ['node_modules', 'dist', 'coverage', 'docs', 'client'],
    },
  };
}

export function tsconfigBuildTemplate(): JsonFile {
  return {
    kind: 'json',
    path: 'tsconfig.build.json',
    data: {
      extends: './tsconfig.json',
      // In dist, so that a build after `rm -rf dist` writes every file again.
      compilerOptions: { rootDir: './src', tsBuildInfoFile: './dist/tsconfig.build.tsbuildinfo' },
      include: ['src'],
      exclude: ['node_modules', 'test', 'dist', '**/*spec.ts'],
    },
  };
}
