// `rest api <name>`: adds a resource API to a project made by `rest new`.
// The generator itself (ts-morph, templates) loads in run(), once the formatter thread has started.
import '../engine/compile-cache.js';
import { Args, Flags } from '@oclif/core';
import { BaseCommand, registerUserFacingError } from '../cli/base-command.js';
import { GeneratedCodeError } from '../engine/errors.js';
import { startFormatter } from '../engine/format.js';
import { formatPlan, type EditedFile } from '../engine/plan.js';
import { names } from '../model/names.js';
import { readProjectConfig } from '../model/project-config.js';
import type { ProjectConfig } from '../model/config-record.js';
import { canPrompt } from '../cli/can-prompt.js';
import { completeResourceInput } from '../resource/resource-prompts.js';
import { isResourceEdit } from '../resource/edit/is-edit.js';

registerUserFacingError(GeneratedCodeError);

const methodList = (who: string) =>
  Flags.string({
    description: `Methods only ${who} may call, comma-separated (POST, GET, PUT, PATCH, DELETE)`,
  });

export default class Api extends BaseCommand {
  static override description =
    'Add a resource API (module, controller, service, schema or entity, DTOs, e2e tests) and wire it into the AppModule';

  static override examples = [
    '<%= config.bin %> api article --fields "title:string content:text" --user POST --yes',
    '<%= config.bin %> api post --fields "title tags:string[] views?:number" --owner author --admin DELETE',
    '<%= config.bin %> api note --fields title --master POST,PUT,DELETE --dry-run',
    '<%= config.bin %> api note --fields title --confirmed POST,PUT',
    '<%= config.bin %> api article --fields "title price:number category:ref:category" --nested --indexes price',
    '<%= config.bin %> api article --add-fields "summary:text published?:boolean" --dry-run',
    '<%= config.bin %> api article --rename-field summary:teaser',
    '<%= config.bin %> api article --access DELETE=admin,PUT=user --add-methods PATCH',
    '<%= config.bin %> api audit-entry --fields "action detail:text" --master POST,GET --no-graphql',
  ];

  static override args = {
    name: Args.string({
      description: 'Resource name in any casing: article, blogPost, blog-posts',
    }),
  };

  static override flags = {
    endpoint: Flags.string({ description: 'URL path (default: the plural name, /articles)' }),
    methods: Flags.string({ description: 'Methods to generate (default: POST,GET,PUT,DELETE)' }),
    master: methodList('callers with the master key'),
    admin: methodList('admins'),
    user: methodList('signed-in users'),
    public: methodList('anyone (the default)'),
    confirmed: Flags.string({
      description:
        "Methods that also need a confirmed e-mail (projects made with --email-confirmation), comma-separated; signed-in users' unless --admin names them",
    }),
    fields: Flags.string({
      description:
        'Fields as name:type (string text number boolean date; name? optional; type[] list; name:ref:resource a reference)',
    }),
    cascade: Flags.string({
      description:
        'Reference fields whose entries are deleted with the entry they refer to, comma-separated (default: a required reference to a user or to an owned resource is; others refuse such deletes, or clear an optional field)',
    }),
    owner: Flags.string({ description: 'Field that stores the creating user (author)' }),
    envelope: Flags.boolean({
      description:
        'The list answers { rows, count } instead of the array with X-Total-Count (default: the project\'s choice, restsmith.json "envelope")',
      allowNo: true,
    }),
    nested: Flags.boolean({
      description:
        'Each reference field also lists its entries under the referenced entry: GET /categories/:id/articles',
    }),
    indexes: Flags.string({
      description:
        'Fields that get an index of their own, comma-separated (price,publishedAt): the list sorts by them (and by id, createdAt and the owner), and filters by them without reading the whole table',
    }),
    graphql: Flags.boolean({
      description:
        'Serve it through GraphQL too (the default where the project has GraphQL); --no-graphql: REST only, left out of the schema. On a resource that exists: adds or removes its GraphQL fields',
      allowNo: true,
    }),
    'add-fields': Flags.string({
      description: 'On a resource that exists: fields to add, as --fields writes them',
    }),
    'remove-fields': Flags.string({
      description:
        'On a resource that exists: fields to remove (the migration drops their columns)',
    }),
    'rename-field': Flags.string({
      description: 'On a resource that exists: old:new (the migration renames the column)',
    }),
    'add-methods': Flags.string({
      description: 'On a resource that exists: methods to add (POST, GET, PUT, PATCH, DELETE)',
    }),
    'remove-methods': Flags.string({
      description: 'On a resource that exists: methods to remove, with their routes and tests',
    }),
    access: Flags.string({
      description:
        'On a resource that exists: who may call what, as METHOD=level (public, master, user, admin), e.g. DELETE=admin,PUT=user',
    }),
    yes: Flags.boolean({
      char: 'y',
      description:
        'Take the defaults; never prompt (nor ask before --remove-fields drops stored values)',
    }),
    'dry-run': Flags.boolean({
      description: 'Print the files and a diff of each change; write nothing',
    }),
    force: Flags.boolean({ description: 'Overwrite files that exist' }),
    cwd: Flags.string({ description: 'Project folder', default: '.' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Api);
    const { config } = await readProjectConfig(flags.cwd);
    // --graphql/--no-graphql changes a resource that exists; with --force or --fields it is made
    // again (which refuses a resource that exists without --force).
    const exists =
      args.name !== undefined &&
      !flags.force &&
      flags.fields === undefined &&
      config.resources.some((record) => record.name === names(args.name!.trim()).kebab);
    const edit = {
      addFields: flags['add-fields'],
      removeFields: flags['remove-fields'],
      renameField: flags['rename-field'],
      addMethods: flags['add-methods'],
      removeMethods: flags['remove-methods'],
      access: flags.access,
      graphql: exists ? flags.graphql : undefined,
    };
    if (args.name && isResourceEdit(edit)) {
      const { editResource, formatEditPlan } = await import('../resource/edit/edit-resource.js');
      const dryRun = flags['dry-run'];
      if (edit.removeFields && !dryRun && canPrompt(flags.yes)) {
        const { confirm } = await import('@inquirer/prompts');
        const drop = await confirm({
          message: `Remove ${edit.removeFields} from ${args.name}? Its stored values are dropped when the migration runs (npm run dev runs it at start); --dry-run shows the change first`,
          default: false,
        });
        if (!drop) {
          this.log('Nothing was written.');
          return;
        }
      }
      const { plan, notes } = await editResource(
        flags.cwd,
        { name: args.name, ...edit },
        { dryRun, beforeWrite: await this.graphqlSchema(flags.cwd, config) },
      );
      this.log([formatEditPlan(plan, dryRun), '', ...notes].join('\n'));
      if (dryRun) this.log('\nDry run: nothing was written.');
      else await this.refreshClient(flags.cwd, config.packageManager);
      return;
    }
    // The init hook has started it when run from `rest`; this covers `Api.run()` called directly.
    startFormatter();
    const generator = import('../resource/add-resource.js');
    const input = await completeResourceInput(
      {
        name: args.name,
        endpoint: flags.endpoint,
        methods: flags.methods,
        fields: flags.fields,
        owner: flags.owner,
        confirmed: flags.confirmed,
        cascade: flags.cascade,
        envelope: flags.envelope,
        nested: flags.nested,
        indexes: flags.indexes,
        graphql: flags.graphql,
        access: {
          master: flags.master,
          admin: flags.admin,
          user: flags.user,
          public: flags.public,
        },
      },
      canPrompt(flags.yes),
      {
        auth: config.auth,
        envelope: config.envelope ?? false,
        emailConfirmation: config.emailConfirmation ?? false,
      },
    );
    const { addResource } = await generator;
    const { resource, plan } = await addResource(flags.cwd, input, {
      force: flags.force,
      dryRun: flags['dry-run'],
      beforeWrite: await this.graphqlSchema(flags.cwd, config),
    });
    this.log(formatPlan(plan, { diffs: flags['dry-run'] }));
    if (flags['dry-run']) this.log('\nDry run: nothing was written.');
    else {
      await this.refreshClient(flags.cwd, config.packageManager);
      this.log(
        `\n${resource.names.pascal} API ready at ${config.apiRoot ?? ''}/${resource.endpoint}.`,
      );
    }
  }

  /** In a project with GraphQL, src/graphql/schema.graphql printed again from what is about to be written. */
  private async graphqlSchema(
    root: string,
    config: ProjectConfig,
  ): Promise<((files: EditedFile[]) => EditedFile[]) | undefined> {
    if (!config.graphql) return undefined;
    const { withGraphqlSchema } = await import('../project-schema/graphql-schema-file.js');
    return (files) => withGraphqlSchema(root, files);
  }

  /** Keeps the typed client current where the project has made one (`npm run client`). */
  private async refreshClient(root: string, packageManager = 'npm'): Promise<void> {
    const { hasClient, refreshClient } = await import('../resource/client-refresh.js');
    if (!hasClient(root)) return;
    const command = `${packageManager} run client`;
    this.log(`\nUpdating the typed client (${command})...`);
    const refreshed = await refreshClient(root, packageManager);
    if (refreshed.status === 'updated') {
      this.log(`Updated client/schema.d.ts in ${refreshed.seconds} s.`);
    } else if (refreshed.status === 'not-installed') {
      this.warn(
        `client/schema.d.ts was not updated: the project's packages are not installed. Run ${packageManager} install, then ${command}.`,
      );
    } else {
      this.warn(
        `The typed client was not updated (${command} failed); the API's files are written. Fix what it says and run ${command}:\n${refreshed.output}`,
      );
    }
  }
}
