// The children of a TypeScript node as the tree merge matches them: by name, with a label for messages.
import type { Node as TsNode, SourceFile } from 'ts-morph';
import { Node } from '../../loader/ts-morph.js';

export interface Child {
  key: string;
  node: TsNode;
  /** The key as the file spells it, before renames: what a message names. */
  label?: string;
}

/** A node's children matched by name, or undefined when it is one piece (then only whole replacement fits). */
export function children(node: TsNode): Child[] | undefined {
  if (Node.isSourceFile(node) || Node.isBlock(node)) return statements(node);
  if (Node.isClassDeclaration(node) || Node.isInterfaceDeclaration(node)) {
    return node.getMembers().map((member) => ({ key: memberKey(member), node: member }));
  }
  if (Node.isObjectLiteralExpression(node)) {
    return node.getProperties().map((property) => ({ key: memberKey(property), node: property }));
  }
  if (Node.isArrayLiteralExpression(node)) {
    return node.getElements().map((element) => ({ key: element.getText(), node: element }));
  }
  if (Node.isImportDeclaration(node) && !node.getDefaultImport() && !node.getNamespaceImport()) {
    return node.getNamedImports().map((named) => ({ key: named.getText(), node: named }));
  }
  return one(node);
}

/** Nodes that wrap a single part worth entering: a function's body, a declaration's value. */
function one(node: TsNode): Child[] | undefined {
  let inner: TsNode | undefined;
  if (Node.isFunctionDeclaration(node) || Node.isArrowFunction(node)) inner = node.getBody();
  else if (Node.isMethodDeclaration(node)) {
    // Decorators by name (`@Access`, who may call the route), then the body.
    const body = node.getBody();
    return [...decorators(node.getDecorators()), ...(body ? [{ key: 'body', node: body }] : [])];
  } else if (Node.isVariableStatement(node)) inner = node.getDeclarations()[0]?.getInitializer();
  else if (Node.isReturnStatement(node)) inner = node.getExpression();
  else if (Node.isParenthesizedExpression(node)) inner = node.getExpression();
  else if (Node.isExpressionStatement(node)) inner = node.getExpression();
  else if (Node.isCallExpression(node)) {
    const args = node.getArguments();
    return args.map((arg, index) => ({ key: `argument ${index + 1}`, node: arg }));
  }
  return inner ? [{ key: 'body', node: inner }] : undefined;
}

function decorators(list: TsNode[]): Child[] {
  const counts = new Map<string, number>();
  return list.map((decorator) => {
    const name = Node.isDecorator(decorator) ? decorator.getName() : decorator.getKindName();
    const seen = counts.get(name) ?? 0;
    counts.set(name, seen + 1);
    return { key: `@${name}${seen > 0 ? ` #${seen + 1}` : ''}`, node: decorator };
  });
}

/** A node's text without its children, blanks, commas and semicolons: what a merge of the children cannot carry. */
export function skeleton(node: TsNode, parts: Child[]): string {
  const start = node.getStart();
  let text = node.getText();
  for (const part of [...parts].sort((a, b) => b.node.getStart() - a.node.getStart())) {
    // From the full start: a child's own comments go with it.
    const from = Math.max(part.node.getFullStart(), start) - start;
    text = text.slice(0, from) + text.slice(part.node.getEnd() - start);
  }
  return text.replace(/[\s,;]+/g, '');
}

function statements(node: SourceFile | TsNode): Child[] {
  const list = Node.isSourceFile(node) || Node.isBlock(node) ? node.getStatements() : [];
  const counts = new Map<string, number>();
  return list.map((statement) => {
    let key = statementKey(statement);
    const seen = counts.get(key) ?? 0;
    counts.set(key, seen + 1);
    if (seen > 0) key = `${key} #${seen + 1}`;
    return { key, node: statement };
  });
}

function statementKey(statement: TsNode): string {
  if (Node.isImportDeclaration(statement)) {
    return `import '${statement.getModuleSpecifierValue()}'`;
  }
  if (Node.isVariableStatement(statement)) {
    return `const ${statement.getDeclarations()[0]?.getName() ?? ''}`;
  }
  if (Node.hasName(statement)) {
    return `${KINDS[statement.getKindName()] ?? statement.getKindName()} ${statement.getName()}`;
  }
  if (Node.isExpressionStatement(statement)) {
    const call = statement.getExpression();
    // `describe('GET /articles', ...)`, `beforeAll(...)`: the callee and its first argument name it.
    if (Node.isCallExpression(call)) {
      const first = call.getArguments()[0];
      const title = first && Node.isStringLiteral(first) ? `(${first.getText()})` : '';
      return `${call.getExpression().getText()}${title}`;
    }
    return statement.getText();
  }
  return statement.getKindName();
}

function memberKey(member: TsNode): string {
  if (Node.isConstructorDeclaration(member)) return 'constructor';
  if (Node.hasName(member)) return member.getName();
  return member.getText();
}

export function label(child: Child): string {
  const name = child.label ?? child.key;
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}

const KINDS: Record<string, string> = {
  ClassDeclaration: 'class',
  FunctionDeclaration: 'function',
  InterfaceDeclaration: 'interface',
  TypeAliasDeclaration: 'type',
  EnumDeclaration: 'enum',
};
