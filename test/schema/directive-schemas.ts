// Schemas the applied-directive tests share: the @auth directive over a Role enum, and a Query to hang fields on.
import {
  Argument,
  DirectiveLocation,
  DirectiveType,
  EnumType,
  ObjectType,
  Schema,
  ValueEnum,
  type Field,
} from '../../src/schema/index.js';

/** `enum Role { USER ADMIN }` and `directive @auth(requires: Role = USER) on FIELD_DEFINITION`. */
export function accounts() {
  const role = new EnumType('Role', null, ['USER', 'ADMIN']);
  const auth = new DirectiveType('auth')
    .addLocation(DirectiveLocation.FIELD_DEFINITION)
    .addArgument(new Argument('requires', role, null, new ValueEnum('USER')));
  return { role, auth };
}

export function schemaWith(fields: Field[], extra: (schema: Schema) => void = () => {}): Schema {
  const query = new ObjectType('Query');
  for (const field of fields) query.addField(field);
  const schema = new Schema().addObject(query).setQuery(query);
  extra(schema);
  return schema;
}
