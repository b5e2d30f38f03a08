// `rest upgrade`: brings a project up to this restsmith's templates, keeping the user's edits.
import '../engine/compile-cache.js';
import { Flags } from '@oclif/core';
import { BaseCommand } from '../cli/base-command.js';
import { startFormatter } from '../engine/format.js';
import { formatPlan } from '../engine/plan.js';

export default class Upgrade extends BaseCommand {
  static override description = `Bring the project up to this restsmith's templates and keep your edits

Regenerates the project from restsmith.json (every option and resource) and merges three ways, as git does: a file you never changed takes the new text, a file you changed gets both changes, and where both changed the same lines the file is written with <<<<<<< markers and listed at the end. Migrations, .env and restsmith.json's choices are never rewritten. The git work tree must be clean, so the upgrade is one change to review (git diff) or undo (git checkout .).`;

  static override examples = [
    '<%= config.bin %> upgrade --dry-run',
    '<%= config.bin %> upgrade',
    '<%= config.bin %> upgrade --base-from ../restsmith-0.1.0   # a project made before upgrades were recorded',
  ];

  static override flags = {
    'dry-run': Flags.boolean({
      description: 'Print the files and a diff of each change; write nothing',
    }),
    'base-from': Flags.string({
      description:
        'Folder of the built restsmith that made the project (a checkout after npm run build, or node_modules/restsmith): rebuilds the record of what it generated, for a project made without one',
    }),
    cwd: Flags.string({ description: 'Project folder', default: '.' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Upgrade);
    startFormatter();
    const [{ upgradeProject }, { withGraphqlSchema }] = await Promise.all([
      import('../upgrade/upgrade-project.js'),
      import('../project-schema/graphql-schema-file.js'),
    ]);
    const dryRun = flags['dry-run'];
    const upgrade = await upgradeProject(flags.cwd, {
      dryRun,
      baseFrom: flags['base-from'],
      beforeWrite: (files) => withGraphqlSchema(flags.cwd, files),
    });
    const changed = upgrade.plan.files.filter(
      (file) =>
        file.action !== 'skip' &&
        !file.path.startsWith('.restsmith/') &&
        file.path !== 'restsmith.json',
    );
    this.log(`restsmith ${upgrade.from} -> ${upgrade.to}`);
    if (changed.length === 0) {
      this.log('The project is up to date: no template changed since it was generated.');
    }
    this.log(formatPlan(upgrade.plan, { diffs: dryRun }));
    for (const note of upgrade.notes) this.log(`note: ${note}`);
    if (upgrade.conflicts.length > 0) {
      this.log(
        `\n${upgrade.conflicts.length} file(s) ${dryRun ? 'would have' : 'have'} conflicts, where you and restsmith changed the same lines:`,
      );
      for (const path of upgrade.conflicts) this.log(`  ${path}`);
      this.log(
        'Fix: in each, keep what you want between <<<<<<< yours and >>>>>>> restsmith and delete the markers; then npm install, npm run lint, npm test, and commit.',
      );
      process.exitCode = 1;
    }
    if (dryRun) this.log('\nDry run: nothing was written.');
    else if (upgrade.conflicts.length === 0) {
      this.log(
        '\nUpgraded. Review with git diff; then npm install (when package.json changed), npm run lint, npm test, and commit.',
      );
    }
  }
}
