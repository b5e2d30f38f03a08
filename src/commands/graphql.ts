// `rest graphql`: adds POST /graphql to a project made without --graphql, as `rest new --graphql` makes it.
import '../engine/compile-cache.js';
import { Flags } from '@oclif/core';
import { BaseCommand } from '../cli/base-command.js';
import { startFormatter } from '../engine/format.js';
import { formatPlan } from '../engine/plan.js';

export default class Graphql extends BaseCommand {
  static override description =
    'Serve GraphQL beside REST in a project made without --graphql: the runtime, a resolver per resource, the schema printed from the project';

  static override examples = ['<%= config.bin %> graphql', '<%= config.bin %> graphql --dry-run'];

  static override flags = {
    'dry-run': Flags.boolean({
      description: 'Print the files and a diff of each change; write nothing',
    }),
    cwd: Flags.string({ description: 'Project folder', default: '.' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Graphql);
    startFormatter();
    const [{ addGraphql }, { withGraphqlSchema }] = await Promise.all([
      import('../resource/add-graphql.js'),
      import('../project-schema/graphql-schema-file.js'),
    ]);
    const dryRun = flags['dry-run'];
    const plan = await addGraphql(flags.cwd, {
      dryRun,
      beforeWrite: (files) => withGraphqlSchema(flags.cwd, files),
    });
    this.log(formatPlan(plan, { diffs: dryRun }));
    if (dryRun) this.log('\nDry run: nothing was written.');
    else {
      this.log(
        '\nGraphQL ready at POST /graphql. Install its three packages (graphql, graphql-jit, dataloader) with npm install (or your package manager), then npm run dev.',
      );
    }
  }
}
