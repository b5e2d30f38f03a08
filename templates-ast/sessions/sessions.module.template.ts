// src/sessions/sessions.module.ts: sessions (--refresh-tokens): their storage, sign-out and sign-out everywhere.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { featureModuleTemplate } from '../_shared/feature-module.js';
import { sessionModelPath } from './session.entity.template.js';

export const sessionsModuleTemplate = (options: ProjectOptions): TypeScriptFile =>
  featureModuleTemplate(options, {
    folder: 'sessions',
    name: 'SessionsModule',
    model: { name: 'Session', path: sessionModelPath(options) },
    imports: [{ name: 'UsersModule', path: 'src/users/users.module.ts' }],
    controller: 'SessionsController',
    service: 'SessionsService',
    exportsService: true,
  });
