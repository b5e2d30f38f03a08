// A module of one model (a TypeORM entity or a Mongoose schema), the modules it needs, its controller and
// service: the shape of src/sessions and src/password-resets.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg } from './pieces.js';
import { classOf, code, decorator, tsFile } from './ts.js';

export interface FeatureModule {
  /** The folder under src/, e.g. `sessions`. */
  folder: string;
  /** The module class, e.g. `SessionsModule`. */
  name: string;
  /** The model class and the file that declares it (and, on MongoDB, `<model>Schema`). */
  model: { name: string; path: string };
  /** Other modules it imports, by class name and path. */
  imports: Array<{ name: string; path: string }>;
  controller: string;
  service: string;
  /** Whether other modules may inject the service. */
  exportsService?: boolean;
  /** Its GraphQL resolver (`--graphql`), in `<folder>.resolver.ts`. */
  resolver?: string;
}

export function featureModuleTemplate(
  options: ProjectOptions,
  spec: FeatureModule,
): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const { folder, model, controller, service } = spec;
  const kebab = folder;
  return tsFile(
    `src/${folder}/${kebab}.module.ts`,
    [
      pkg('@nestjs/common', 'Module'),
      mongo ? pkg('@nestjs/mongoose', 'MongooseModule') : pkg('@nestjs/typeorm', 'TypeOrmModule'),
      { from: model.path, named: mongo ? [model.name, `${model.name}Schema`] : [model.name] },
      ...spec.imports.map(({ name, path }) => ({ from: path, named: [name] })),
      { from: `src/${folder}/${kebab}.controller.ts`, named: [controller] },
      { from: `src/${folder}/${kebab}.service.ts`, named: [service] },
      ...(spec.resolver
        ? [{ from: `src/${folder}/${kebab}.resolver.ts`, named: [spec.resolver] }]
        : []),
    ],
    [
      classOf({
        name: spec.name,
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              '  imports: [',
              mongo
                ? `    MongooseModule.forFeature([{ name: ${model.name}.name, schema: ${model.name}Schema }]),`
                : `    TypeOrmModule.forFeature([${model.name}]),`,
              ...spec.imports.map(({ name }) => `    ${name},`),
              '  ],',
              `  controllers: [${controller}],`,
              `  providers: [${[service, ...(spec.resolver ? [spec.resolver] : [])].join(', ')}],`,
              ...(spec.exportsService ? [`  exports: [${service}],`] : []),
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
