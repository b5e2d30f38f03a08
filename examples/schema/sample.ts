// The spec's sample schema, built with restsmith/schema: `rest schema print examples/schema/sample.ts`.
import {
  Argument,
  DirectiveLocation,
  DirectiveType,
  Field,
  IDType,
  InputType,
  IntegerType,
  InterfaceType,
  ObjectType,
  ScalarType,
  Schema,
  StringType,
  TypeModifier,
  UnionType,
  ValueInteger,
} from 'restsmith/schema';

const required = new TypeModifier(false);
const listOfUsers = new TypeModifier(true, true, false);

const upper = new DirectiveType('upper', 'Upper-cases a string field in the response').addLocation(
  DirectiveLocation.FIELD,
);
const entity = new InterfaceType('Entity', 'Anything stored with an id').addField(
  new Field('id', new IDType(required)),
);
const url = new ScalarType('Url', 'An absolute http(s) address');

const user = new ObjectType('User', 'A person with an account').implements(entity);
user
  .addField(new Field('id', new IDType(required)))
  .addField(new Field('name', new StringType()))
  .addField(new Field('picture', url, null, 'Avatar image'))
  .addField(new Field('friends', user, listOfUsers));

const bot = new ObjectType('Bot', 'An automated account').implements(entity);
bot.addField(new Field('id', new IDType(required))).addField(new Field('owner', user));

const myUnion = new UnionType('MyUnion', 'Whatever a search can find')
  .addObjectType(user)
  .addObjectType(bot);

const listUsersInput = new InputType('ListUsersInput', 'Filters for listing users')
  .addField(new Field('q', new StringType(), null, 'Words to look for in names'))
  .addField(new Field('page', new IntegerType()))
  .addField(new Field('limit', new IntegerType()));

const query = new ObjectType('Query')
  .addField(
    new Field('friends', user, listOfUsers).addArgument(
      new Argument('limit', new IntegerType(), null, new ValueInteger(10)),
    ),
  )
  .addField(
    new Field('users', user, listOfUsers).addArgument(new Argument('input', listUsersInput)),
  )
  .addField(
    new Field('search', myUnion, new TypeModifier(true, true)).addArgument(
      new Argument('q', new StringType(required)),
    ),
  )
  .addField(new Field('me', user).deprecate('Use friends'));

const mutation = new ObjectType('Mutation').addField(
  new Field('createUser', user, required)
    .addArgument(new Argument('name', new StringType(required)))
    .addArgument(new Argument('picture', url)),
);

const schema = new Schema()
  .addDirective(upper)
  .addInterface(entity)
  .addScalar(url)
  .addUnion(myUnion)
  .addObject(user)
  .addObject(bot)
  .addObject(query)
  .addObject(mutation)
  .addInput(listUsersInput)
  .setQuery(query)
  .setMutation(mutation);

export default schema;
