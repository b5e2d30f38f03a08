// Every table a SQL project's migrations create, by name: what `rest upgrade` compares between two restsmiths.
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import { EMAIL_CONFIRMATIONS_TABLE } from '../email-confirmations/email-confirmation.entity.template.js';
import { PASSWORD_RESETS_TABLE } from '../password-resets/password-reset.entity.template.js';
import { resourceTable } from '../resource/migration.template.js';
import { joinTable, listReferences } from '../resource/references.js';
import { SESSIONS_TABLE } from '../sessions/sessions.migration.template.js';
import { usersTable } from '../users/users.migration.template.js';
import type { TableSpec } from './sql-tables.js';

/** A resource's table and the join tables of its list references, as its first migration creates them. */
export const resourceTables = (resource: ResourceOptions): TableSpec[] => [
  resourceTable(resource),
  ...listReferences(resource).map((list) => joinTable(resource, list)),
];

/** The tables of the project's migrations (templates-ast/project.ts's migrationFiles) and of its resources; none on MongoDB. */
export function projectTables(options: ProjectOptions): TableSpec[] {
  if (options.database === 'mongodb') return [];
  return [
    ...(options.auth ? [usersTable(options)] : []),
    ...(options.refreshTokens ? [SESSIONS_TABLE] : []),
    ...(options.passwordReset ? [PASSWORD_RESETS_TABLE] : []),
    ...(options.emailConfirmation ? [EMAIL_CONFIRMATIONS_TABLE] : []),
    ...options.resources.flatMap(resourceTables),
  ];
}
