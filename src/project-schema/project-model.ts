// The project as GraphQL sees it: object and input types read from its classes, and its operations from restsmith.json.
import { names, type Names } from '../model/names.js';
import type { FieldOptions } from '../model/resource.js';
import type { ProjectConfig, ResourceRecord } from '../model/config-record.js';
import { resourceFromRecord } from '../model/project-config.js';
import type { GraphField, TypeContext } from './field-types.js';
import {
  filterArguments,
  resourceOperations,
  userOperations,
  type Operation,
} from './operations.js';
import type { ClassShape, ProjectSources } from './project-sources.js';
import { classFields, ownerField, recordFields, withReferences } from './model-fields.js';
import { AUTH_METHODS } from '../model/project.js';
import { graphqlPageNames } from '../model/graphql-names.js';

export interface TypeModel {
  name: string;
  fields: GraphField[];
  /** An object that is no stored entry (`SignInResult`) does not implement Node. */
  node?: false;
}

export interface ProjectModel {
  /** User accounts: the User type, the Role enum and the @auth directive. */
  accounts: boolean;
  objects: TypeModel[];
  inputs: TypeModel[];
  operations: Operation[];
}

/** Types every project schema may define; a resource of the same name cannot be printed. */
const SCHEMA_NAMES = new Set([
  'Node',
  'DateTime',
  'Role',
  'User',
  'SignInResult',
  'Query',
  'Mutation',
  'Boolean',
  'Float',
  'ID',
  'Int',
  'String',
]);

/**
 * Never part of the User type: the API never returns a password hash, a role, the token version or
 * the ids of social sign-in (`githubId`, restsmith.json's `authMethods`).
 */
const USER_HIDDEN = new Set([
  'password',
  'role',
  'tokenVersion',
  // No route shows when a user last changed.
  'updatedAt',
  ...AUTH_METHODS.filter((method) => method !== 'password').map((provider) => `${provider}Id`),
]);

/**
 * Seen only by the user and admins (REST's UserView); anyone else (an article's author, `user(id)`)
 * gets null, as REST's PublicUserView leaves them out.
 */
const USER_PRIVATE = new Set(['email', 'createdAt', 'emailConfirmed']);

const idField: GraphField = { name: 'id', type: 'ID', list: false, nullable: false };
const timestamps: GraphField[] = ['createdAt', 'updatedAt'].map((name) => ({
  name,
  type: 'DateTime',
  list: false,
  nullable: false,
}));

export function projectModel(
  config: ProjectConfig,
  sources: ProjectSources,
  warn: (message: string) => void,
): ProjectModel {
  // A resource left out of GraphQL (`rest api --no-graphql`) has no type.
  const served = config.resources.filter((record) => record.graphql !== false);
  // A relation to another resource (`@ManyToOne(() => Article) article: Article`) prints as that type.
  const resources = served
    .map((record) => names(record.name).pascal)
    .filter((name) => !SCHEMA_NAMES.has(name));
  const context: TypeContext = {
    objects: new Set([...(config.auth ? ['User', 'SignInResult'] : []), ...resources]),
    enums: new Set(config.auth ? ['Role'] : []),
    warn,
  };
  const model: ProjectModel = { accounts: config.auth, objects: [], inputs: [], operations: [] };
  if (config.auth) addUsers(model, sources, context, config);
  for (const record of served) addResource(model, record, sources, context, config.sourceDir);
  return model;
}

/** A resource's type from its persistence class (or restsmith.json), its inputs and its operations. */
function addResource(
  model: ProjectModel,
  record: ResourceRecord,
  sources: ProjectSources,
  context: TypeContext,
  sourceDir: string,
): void {
  const resource = resourceFromRecord(record);
  const pascal = resource.names.pascal;
  if (SCHEMA_NAMES.has(pascal) || model.objects.some((object) => object.name === pascal)) {
    context.warn(
      `${pascal}: the schema already has a type of that name, so the resource ${record.name} is left out`,
    );
    return;
  }
  const stored = sources.persistenceClass(pascal);
  if (!stored) {
    context.warn(
      `${pascal}: no class ${pascal} with @Schema or @Entity under ${sourceDir}/, so its fields come from restsmith.json`,
    );
  }
  const fallback = [
    idField,
    ...recordFields(resource.fields),
    ...ownerField(resource.owner?.camel),
  ];
  const fields = stored ? objectFields(stored, context) : [...fallback, ...timestamps];
  model.objects.push({ name: pascal, fields: withReferences(fields, resource.references ?? []) });
  if (resource.methods.list) model.objects.push(pageObject(resource.names));
  const inputs = addInputs(model, pascal, sources, context, {
    fallback: resource.fields,
    create: resource.methods.create !== undefined,
    update: resource.methods.update !== undefined,
  });
  // Bodies give references as ids.
  const referenceNames = new Set((resource.references ?? []).map((found) => found.names.camel));
  for (const input of model.inputs) {
    if (input.name !== inputs.createInput && input.name !== inputs.updateInput) continue;
    input.fields = input.fields.map((field) =>
      referenceNames.has(field.name) ? { ...field, type: 'ID' } : field,
    );
  }
  const types = {
    names: resource.names,
    object: pascal,
    ...inputs,
    owner: resource.owner?.camel,
    filters: filterArguments(resource, fields),
  };
  model.operations.push(...resourceOperations(types, resource.methods));
}

function addUsers(
  model: ProjectModel,
  sources: ProjectSources,
  context: TypeContext,
  config: ProjectConfig,
): void {
  const stored = sources.persistenceClass('User');
  if (!stored) context.warn('User: no class User with @Schema or @Entity, so it has only an id');
  const fields = stored ? objectFields(stored, context, USER_HIDDEN) : [idField];
  model.objects.push({
    name: 'User',
    fields: fields.map((field) =>
      USER_PRIVATE.has(field.name) ? { ...field, nullable: true } : field,
    ),
  });
  model.objects.push(pageObject(names('user')));
  const inputs = addInputs(model, 'User', sources, context, {
    fallback: [],
    create: true,
    update: true,
  });
  model.operations.push(...userOperations({ names: names('user'), object: 'User', ...inputs }));
  if (signsInWithPassword(config) || config.refreshTokens) addSignInResult(model, config);
  if (signsInWithPassword(config)) addSignIn(model);
  if (config.refreshTokens) addSessions(model);
  addAccountMutations(model, config);
}

/**
 * The account options' routes as mutations where restsmith.json enables them: password resets
 * (POST /password-resets, PUT /password-resets/:token) and e-mail confirmation (POST
 * /users/confirm, POST /users/confirm/resend). A request for a mail answers true whether or not the
 * e-mail is registered, as REST's 202 does.
 */
function addAccountMutations(model: ProjectModel, config: ProjectConfig): void {
  const text = (name: string) => ({ name, type: 'String', nullable: false });
  const done = { type: 'Boolean', list: false, nullable: false };
  const user = { type: 'User', list: false, nullable: false };
  if (config.passwordReset) {
    model.operations.push(
      {
        root: 'Mutation',
        name: 'requestPasswordReset',
        arguments: [text('email'), text('link')],
        returns: done,
        access: 'client',
        description:
          'Mails a single-use link (`link` followed by the token) to reset the password of the account with this e-mail; true whether or not it is registered.',
      },
      {
        root: 'Mutation',
        name: 'resetPassword',
        arguments: [text('token'), text('password')],
        returns: user,
        access: 'public',
        description: "Sets the password of the mailed token's account; the token is then used.",
      },
    );
  }
  if (config.emailConfirmation) {
    model.operations.push(
      {
        root: 'Mutation',
        name: 'confirmEmail',
        arguments: [text('token')],
        returns: user,
        access: 'public',
        description:
          'Confirms the e-mail of the token mailed at sign-up (or by resendConfirmation).',
      },
      {
        root: 'Mutation',
        name: 'resendConfirmation',
        // Without a link the mail holds the token alone, as POST /users/confirm/resend sends it.
        arguments: [text('email'), { ...text('link'), nullable: true }],
        returns: done,
        access: 'client',
        description:
          'Mails a new confirmation link to a registered user who has not confirmed yet; true either way.',
      },
    );
  }
}

/** POST /auth's GraphQL twin, where users sign in with a password (with sessions or without). */
const signsInWithPassword = (config: ProjectConfig): boolean =>
  (config.authMethods ?? ['password']).includes('password');

const text = (name: string): GraphField => ({ name, type: 'String', list: false, nullable: false });

/** What a sign-in answers: the token, with --refresh-tokens the session's refresh token, the user. */
function addSignInResult(model: ProjectModel, config: ProjectConfig): void {
  model.objects.push({
    name: 'SignInResult',
    node: false,
    fields: [
      text('token'),
      ...(config.refreshTokens ? [text('refreshToken')] : []),
      { name: 'user', type: 'User', list: false, nullable: false },
    ],
  });
}

function addSignIn(model: ProjectModel): void {
  model.operations.push({
    root: 'Mutation',
    name: 'signIn',
    arguments: [
      { name: 'email', type: 'String', nullable: false },
      { name: 'password', type: 'String', nullable: false },
    ],
    returns: { type: 'SignInResult', list: false, nullable: false },
    access: 'client',
    description:
      'A token for the user with this e-mail and password (send it as Authorization: Bearer).',
  });
}

/** --refresh-tokens: POST /auth/refresh, POST /auth/sign-out and DELETE /users/me/sessions. */
function addSessions(model: ProjectModel): void {
  const done = { type: 'Boolean', list: false, nullable: false };
  model.operations.push(
    {
      root: 'Mutation',
      name: 'refreshSession',
      arguments: [{ name: 'refreshToken', type: 'String', nullable: false }],
      returns: { type: 'SignInResult', list: false, nullable: false },
      access: 'public',
      description:
        'The next token and refresh token of a session for its refresh token, which stops working; one used twice ends the session.',
    },
    {
      root: 'Mutation',
      name: 'signOut',
      arguments: [],
      returns: done,
      access: 'user',
      description: "Ends the session of this request's token.",
    },
    {
      root: 'Mutation',
      name: 'signOutEverywhere',
      arguments: [],
      returns: done,
      access: 'user',
      description: 'Ends every session of the signed-in user, this one included.',
    },
  );
}

/** `ArticlePage`: a page of the list, its count over all pages and the cursor of the next page. */
function pageObject(resource: Names): TypeModel {
  return {
    name: graphqlPageNames(resource).type,
    node: false,
    fields: [
      { name: 'items', type: resource.pascal, list: true, nullable: false },
      { name: 'total', type: 'Int', list: false, nullable: true },
      { name: 'next', type: 'String', list: false, nullable: true },
    ],
  };
}

/** `id: ID!` first (Node), then the class's properties in their order. */
function objectFields(
  stored: ClassShape,
  context: TypeContext,
  hidden: ReadonlySet<string> = new Set(),
): GraphField[] {
  const properties = stored.properties.filter(
    (property) => property.name !== 'id' && property.name !== '_id' && !hidden.has(property.name),
  );
  return [idField, ...classFields(stored.name, properties, context)];
}

/** Which inputs a resource's routes take, and its fields from restsmith.json should a DTO be missing. */
interface InputNeeds {
  fallback: FieldOptions[];
  create: boolean;
  update: boolean;
}

/** `ArticleInput` from CreateArticleDto and `ArticleUpdateInput` (every field optional) from UpdateArticleDto. */
function addInputs(
  model: ProjectModel,
  object: string,
  sources: ProjectSources,
  context: TypeContext,
  needs: InputNeeds,
): { createInput?: string; updateInput?: string } {
  const createDto = sources.plainClass(`Create${object}Dto`);
  const create = createDto
    ? classFields(createDto.name, createDto.properties, context)
    : recordFields(needs.fallback);
  const result: { createInput?: string; updateInput?: string } = {};
  if (needs.create && create.length > 0) {
    result.createInput = `${object}Input`;
    model.inputs.push({ name: result.createInput, fields: create });
  }
  const update = needs.update ? (updateFields(sources, object, context) ?? create) : [];
  if (update.length > 0) {
    result.updateInput = `${object}UpdateInput`;
    model.inputs.push({
      name: result.updateInput,
      fields: update.map((field) => ({ ...field, nullable: true })),
    });
  }
  return result;
}

/**
 * UpdateXDto's own properties plus those of the class in `PartialType(...)`, or those picked by
 * `PickType(CreateUserDto, ['name', 'picture'] as const)`; undefined without the class.
 */
function updateFields(
  sources: ProjectSources,
  object: string,
  context: TypeContext,
): GraphField[] | undefined {
  const dto = sources.plainClass(`Update${object}Dto`);
  if (!dto) return undefined;
  // `PartialType(CreateArticleDto)`, or with options: `PartialType(CreateArticleDto, { ... })`.
  const extendsText = dto.extendsText ?? '';
  const picked = /PickType\(\s*(\w+)\s*,\s*\[([^\]]*)\]/.exec(extendsText);
  const base = picked?.[1] ?? /PartialType\(\s*(\w+)\s*[,)]/.exec(extendsText)?.[1];
  const pickedNames = picked
    ? new Set([...picked[2]!.matchAll(/['"](\w+)['"]/g)].map((match) => match[1]!))
    : undefined;
  const inherited = base ? sources.plainClass(base) : undefined;
  const own = classFields(dto.name, dto.properties, context);
  const names = new Set(own.map((field) => field.name));
  const fromBase = inherited
    ? classFields(
        inherited.name,
        inherited.properties.filter(
          (property) => !names.has(property.name) && (pickedNames?.has(property.name) ?? true),
        ),
        context,
      )
    : [];
  return [...fromBase, ...own];
}
