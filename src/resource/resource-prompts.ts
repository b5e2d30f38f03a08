// Asks, in a terminal, the `rest api` questions `yo rest:api` asked, for each choice no flag gave.
import { UserError } from '../model/user-error.js';
import { names } from '../model/names.js';
import { RESOURCE_METHODS, type Access, type ResourceMethod } from '../model/resource.js';
import { METHOD_LABELS } from './resource-access.js';
import { parseFieldList } from '../model/field-parser.js';
import { type ResourceInput } from './resource-options.js';

/** The flags of `rest api`, as text. */
export interface ResourceAnswers extends Partial<ResourceInput> {
  access: Partial<Record<Access, string>>;
}

/** Fills what the flags left out: by asking when `interactive`, else with the defaults. */
export async function completeResourceInput(
  given: ResourceAnswers,
  interactive: boolean,
  project: { auth: boolean; envelope: boolean; emailConfirmation?: boolean },
): Promise<ResourceInput> {
  if (!interactive) return withName(given);
  try {
    return await ask(given, project);
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') {
      throw new UserError('cancelled: nothing was written', { exitCode: 130 });
    }
    throw error;
  }
}

async function ask(
  given: ResourceAnswers,
  {
    auth,
    envelope,
    emailConfirmation = false,
  }: { auth: boolean; envelope: boolean; emailConfirmation?: boolean },
): Promise<ResourceInput> {
  // Loaded only when there is someone to ask.
  const { confirm, input } = await import('@inquirer/prompts');
  const name =
    given.name ?? (await input({ message: 'What is the resource name?', required: true }));
  const plural = names(name).pluralKebab;
  const endpoint =
    given.endpoint ?? (await input({ message: 'What is its endpoint?', default: `/${plural}` }));
  const methods =
    given.methods ?? (await askMethods('Which methods will it have?', RESOURCE_METHODS, true));
  const offered = methods.split(',').filter(Boolean) as ResourceMethod[];
  const access = { ...given.access };
  if (!anyAccessGiven(given)) {
    access.master = await askMethods('Which methods are protected by the master key?', offered);
    if (auth) {
      access.admin = await askMethods(
        'Which methods are protected by admin access?',
        left(offered, access),
      );
      access.user = await askMethods(
        'Which methods are protected by user access?',
        left(offered, access),
      );
    }
  }
  // Only signed-in users have an e-mail to confirm: the master key's and public methods are not offered.
  const confirmed =
    given.confirmed ??
    (emailConfirmation
      ? await askMethods(
          'Which methods also need a confirmed e-mail? (signed-in users only)',
          left(offered, { master: access.master, public: access.public }),
        )
      : '');
  const owner = given.owner ?? (await askOwner(access.user));
  const fields =
    given.fields ??
    (await input({
      message: 'Which fields will it have? (name:type, e.g. title content:text views?:number)',
      required: true,
      validate: validFields,
    }));
  const cascade = given.cascade ?? (await askCascade(fields));
  const enveloped =
    given.envelope ??
    (/\b(list|get|get-list)\b/i.test(methods)
      ? await confirm({
          message: 'Does its list answer { rows, count } instead of the array with X-Total-Count?',
          default: envelope,
        })
      : undefined);
  return {
    name,
    endpoint,
    methods,
    access,
    confirmed,
    owner,
    fields,
    cascade,
    envelope: enveloped,
    nested: given.nested,
    indexes: given.indexes,
    graphql: given.graphql,
  };
}

/** Asked only when the fields refer to single entries: which go when the referenced entry does. */
async function askCascade(fields: string): Promise<string> {
  const single = parseFieldList(fields).references.filter((reference) => !reference.many);
  if (single.length === 0) return '';
  const { checkbox } = await import('@inquirer/prompts');
  const chosen = await checkbox({
    message:
      'Which references delete this entry with the entry they refer to? (a required reference to a user or to an owned resource always does; others refuse the delete, or clear an optional field)',
    choices: single.map((reference) => ({
      name: `${reference.names.camel} (${reference.target.kebab})`,
      value: reference.names.camel,
    })),
  });
  return chosen.join(',');
}

function withName(given: ResourceAnswers): ResourceInput {
  if (!given.name) {
    throw new UserError('Which resource? Give its name.', {
      hint: 'rest api article --fields "title content:text"',
    });
  }
  return { ...given, name: given.name };
}

const anyAccessGiven = (given: ResourceAnswers): boolean =>
  Object.values(given.access).some((list) => list !== undefined);

/** Methods not yet given an access level. */
function left(
  offered: ResourceMethod[],
  access: Partial<Record<Access, string>>,
): ResourceMethod[] {
  const taken = new Set(Object.values(access).flatMap((list) => list?.split(',') ?? []));
  return offered.filter((method) => !taken.has(method));
}

async function askMethods(
  message: string,
  offered: readonly ResourceMethod[],
  checked = false,
): Promise<string> {
  if (offered.length === 0) return '';
  const { checkbox } = await import('@inquirer/prompts');
  const chosen = await checkbox({
    message,
    choices: offered.map((method) => ({ name: METHOD_LABELS[method], value: method, checked })),
  });
  return chosen.join(',');
}

/** As yo rest:api: asked only when signed-in users create entries. */
async function askOwner(userMethods: string | undefined): Promise<string> {
  if (!userMethods?.split(',').includes('create')) return '';
  const { input } = await import('@inquirer/prompts');
  return input({
    message: 'Which field stores the user who created it? (empty for none)',
    default: 'user',
  });
}

function validFields(text: string): string | true {
  try {
    parseFieldList(text);
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}
