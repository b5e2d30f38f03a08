// The runtime of `--graphql`: the files of src/graphql/ that serve POST /graphql (the schema and resolvers come apart).
import type { GeneratedFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { graphqlAccessTemplate } from './graphql-access.template.js';
import { graphqlContextTemplate } from './graphql-context.template.js';
import { graphqlControllerTemplate } from './graphql.controller.template.js';
import { graphqlDecoratorsTemplate } from './graphql.decorators.template.js';
import { graphqlErrorsTemplate } from './graphql-errors.template.js';
import { graphqlInputTemplate } from './graphql-input.template.js';
import { graphqlLimitsTemplate } from './graphql-limits.template.js';
import { graphqlModuleTemplate } from './graphql.module.template.js';
import { graphqlServiceTemplate } from './graphql.service.template.js';

/** Every file of src/graphql/ but schema.graphql, which `rest new` and `rest api` write from the resources. */
export const graphqlRuntimeFiles = (options: ProjectOptions): GeneratedFile[] => [
  graphqlDecoratorsTemplate(),
  graphqlContextTemplate(options),
  graphqlLimitsTemplate(),
  graphqlErrorsTemplate(),
  graphqlAccessTemplate(options),
  graphqlServiceTemplate(),
  graphqlControllerTemplate(),
  graphqlModuleTemplate(options),
  graphqlInputTemplate(),
];
