// The SDL of a fresh project and of the two-resource projects the tests use (fixtures and generated): the same for every database.
import { sdl } from './project.js';

export const twoResources = sdl`
  """
  Needs a signed-in user's token (access_token, or Authorization: Bearer); requires: ADMIN needs an admin's.
  """
  directive @auth(requires: Role = USER) on FIELD_DEFINITION

  """
  Needs the project's master key (MASTER_KEY in .env) as access_token: for trusted servers and scripts, not for users.
  """
  directive @masterKey on FIELD_DEFINITION

  """
  Needs the project's client key (CLIENT_KEY in .env), which apps hold, or the master key, as access_token.
  """
  directive @clientKey on FIELD_DEFINITION

  """
  Anything stored with an id: every resource, and users.
  """
  interface Node {
    id: ID!
  }

  """
  A date and time as an ISO 8601 string in UTC, such as 2026-01-31T09:30:00.000Z.
  """
  scalar DateTime

  """
  What a user may do: an ADMIN may also call the operations marked @auth(requires: ADMIN).
  """
  enum Role {
    USER
    ADMIN
  }

  type User implements Node {
    id: ID!
    email: String
    name: String!
    picture: String!
    createdAt: DateTime
  }

  type UserPage {
    items: [User!]!
    total: Int
    next: String
  }

  type SignInResult {
    token: String!
    user: User!
  }

  type Note implements Node {
    id: ID!
    title: String!
    body: String
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type NotePage {
    items: [Note!]!
    total: Int
    next: String
  }

  type Article implements Node {
    id: ID!
    title: String!
    content: String!
    published: Boolean!
    views: Float
    tags: [String!]!
    publishedAt: DateTime
    author: User!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ArticlePage {
    items: [Article!]!
    total: Int
    next: String
  }

  type Query {
    users(q: String, page: Int = 1, limit: Int = 10, sort: String, fields: String): [User!]! @auth(requires: ADMIN)
    "A page of the list with its count over all pages (null with count: false) and, with after (empty for the first page), the cursor of the next page: what REST answers as X-Total-Count and Link."
    usersPage(q: String, page: Int, limit: Int = 10, sort: String, fields: String, after: String, count: Boolean): UserPage! @auth(requires: ADMIN)
    user(id: ID!): User
    "The signed-in user."
    me: User! @auth
    notes(q: String, page: Int = 1, limit: Int = 10, sort: String, fields: String, title: String, createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): [Note!]!
    "A page of the list with its count over all pages (null with count: false) and, with after (empty for the first page), the cursor of the next page: what REST answers as X-Total-Count and Link."
    notesPage(q: String, page: Int, limit: Int = 10, sort: String, fields: String, after: String, count: Boolean, title: String, createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): NotePage!
    note(id: ID!): Note
    articles(q: String, page: Int = 1, limit: Int = 10, sort: String, fields: String, title: String, published: Boolean, views: Float, views_gte: Float, views_lte: Float, views_in: [Float!], publishedAt: DateTime, publishedAt_gte: DateTime, publishedAt_lte: DateTime, publishedAt_in: [DateTime!], createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): [Article!]!
    "A page of the list with its count over all pages (null with count: false) and, with after (empty for the first page), the cursor of the next page: what REST answers as X-Total-Count and Link."
    articlesPage(q: String, page: Int, limit: Int = 10, sort: String, fields: String, after: String, count: Boolean, title: String, published: Boolean, views: Float, views_gte: Float, views_lte: Float, views_in: [Float!], publishedAt: DateTime, publishedAt_gte: DateTime, publishedAt_lte: DateTime, publishedAt_in: [DateTime!], createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): ArticlePage!
    article(id: ID!): Article
  }

  type Mutation {
    "Setting a role needs the master key."
    createUser(input: UserInput!): User! @clientKey
    "The user themself or an admin may call it."
    updateUser(id: ID!, input: UserUpdateInput!): User! @auth
    deleteUser(id: ID!): Boolean! @auth(requires: ADMIN)
    "A token for the user with this e-mail and password (send it as Authorization: Bearer)."
    signIn(email: String!, password: String!): SignInResult! @clientKey
    createNote(input: NoteInput!): Note!
    deleteNote(id: ID!): Boolean! @masterKey
    createArticle(input: ArticleInput!): Article! @auth
    "Only the article's author or an admin may call it."
    updateArticle(id: ID!, input: ArticleUpdateInput!): Article! @auth
    deleteArticle(id: ID!): Boolean! @auth(requires: ADMIN)
  }

  input UserInput {
    email: String!
    password: String!
    name: String
    picture: String
    role: Role
  }

  input UserUpdateInput {
    name: String
    picture: String
  }

  input NoteInput {
    title: String!
    body: String
  }

  input ArticleInput {
    title: String!
    content: String!
    published: Boolean!
    views: Float
    tags: [String!]!
    publishedAt: DateTime
  }

  input ArticleUpdateInput {
    title: String
    content: String
    published: Boolean
    views: Float
    tags: [String!]
    publishedAt: DateTime
  }

  schema {
    query: Query
    mutation: Mutation
  }
`;

/** A project straight from `rest new`: users only. */
export const usersOnly = sdl`
  """
  Needs a signed-in user's token (access_token, or Authorization: Bearer); requires: ADMIN needs an admin's.
  """
  directive @auth(requires: Role = USER) on FIELD_DEFINITION

  """
  Needs the project's client key (CLIENT_KEY in .env), which apps hold, or the master key, as access_token.
  """
  directive @clientKey on FIELD_DEFINITION

  """
  Anything stored with an id: every resource, and users.
  """
  interface Node {
    id: ID!
  }

  """
  A date and time as an ISO 8601 string in UTC, such as 2026-01-31T09:30:00.000Z.
  """
  scalar DateTime

  """
  What a user may do: an ADMIN may also call the operations marked @auth(requires: ADMIN).
  """
  enum Role {
    USER
    ADMIN
  }

  type User implements Node {
    id: ID!
    email: String
    name: String!
    picture: String!
    createdAt: DateTime
  }

  type UserPage {
    items: [User!]!
    total: Int
    next: String
  }

  type SignInResult {
    token: String!
    user: User!
  }

  type Query {
    users(q: String, page: Int = 1, limit: Int = 10, sort: String, fields: String): [User!]! @auth(requires: ADMIN)
    "A page of the list with its count over all pages (null with count: false) and, with after (empty for the first page), the cursor of the next page: what REST answers as X-Total-Count and Link."
    usersPage(q: String, page: Int, limit: Int = 10, sort: String, fields: String, after: String, count: Boolean): UserPage! @auth(requires: ADMIN)
    user(id: ID!): User
    "The signed-in user."
    me: User! @auth
  }

  type Mutation {
    "Setting a role needs the master key."
    createUser(input: UserInput!): User! @clientKey
    "The user themself or an admin may call it."
    updateUser(id: ID!, input: UserUpdateInput!): User! @auth
    deleteUser(id: ID!): Boolean! @auth(requires: ADMIN)
    "A token for the user with this e-mail and password (send it as Authorization: Bearer)."
    signIn(email: String!, password: String!): SignInResult! @clientKey
  }

  input UserInput {
    email: String!
    password: String!
    name: String
    picture: String
    role: Role
  }

  input UserUpdateInput {
    name: String
    picture: String
  }

  schema {
    query: Query
    mutation: Mutation
  }
`;
