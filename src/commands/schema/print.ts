// `rest schema print <module>`: the SDL of the Schema a module exports, to stdout or a file.
import { Args, Flags } from '@oclif/core';
import { BaseCommand, registerUserFacingError } from '../../cli/base-command.js';
import { SchemaError } from '../../schema/errors.js';
import { printProjectSchema } from '../../project-schema/index.js';
import { printSchemaModule } from '../../schema-print/print-module.js';

registerUserFacingError(SchemaError);

export default class SchemaPrint extends BaseCommand {
  static override description =
    'Print the GraphQL schema-definition text of a Schema built with restsmith/schema. The module (.ts, .js or .mjs, loaded with no build step) default-exports the Schema, or exports it as `schema`; either may be a function returning one. Without a module, inside a project made by `rest new`, it prints the resources and users of the project as a schema.';

  static override examples = [
    {
      description:
        "Inside a project made by `rest new`: its resources' types, inputs and operations",
      command: '<%= config.bin %> <%= command.id %>',
    },
    {
      description: 'Print the SDL to stdout',
      command: '<%= config.bin %> <%= command.id %> src/schema.ts',
    },
    {
      description: 'Write it to a file',
      command: '<%= config.bin %> <%= command.id %> src/schema.ts --out schema.graphql',
    },
    {
      description: 'Print even if validation finds problems',
      command: '<%= config.bin %> <%= command.id %> schema.mjs --no-validate',
    },
  ];

  static override args = {
    module: Args.string({
      description:
        'module exporting the Schema (.ts, .js or .mjs); none inside a project made by `rest new`',
      required: false,
    }),
  };

  static override flags = {
    out: Flags.string({
      char: 'o',
      description: 'write the SDL to this file instead of stdout',
      helpValue: '<file>',
    }),
    validate: Flags.boolean({
      description: 'check the schema first; --no-validate prints it even with problems',
      default: true,
      allowNo: true,
    }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(SchemaPrint);
    const options = {
      module: args.module,
      validate: flags.validate,
      out: flags.out,
      cwd: process.cwd(),
    };
    // No module: the project around the current folder (`rest new`), read from its classes.
    const result = args.module
      ? await printSchemaModule(options)
      : await printProjectSchema({
          ...options,
          warn: (message) => this.logToStderr(`warning: ${message}`),
        });
    if (!result.printed) {
      for (const problem of result.problems) this.logToStderr(problem.message);
      const count =
        result.problems.length === 1
          ? '1 problem: fix it'
          : `${result.problems.length} problems: fix them`;
      this.error(`the schema has ${count}, or print anyway with --no-validate`, { exit: 1 });
    }
    if (result.file) this.log(`wrote ${result.file}`);
    else process.stdout.write(result.text);
  }
}
