// Reads a handler's parameter list once at start-up: names, defaults, rest, keyword collector, declared types.
import type { ClassMemberTypes, ParameterDeclaration, TypeNode, TypeReferenceNode } from 'ts-morph';
import { Node, Project, ScriptKind, SyntaxKind } from '../loader/ts-morph.js';

/** The declared type of a parameter, as far as conversion from text needs it. */
export type ValueType =
  | { kind: 'any' }
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'file' }
  | { kind: 'literal'; values: Array<string | number> }
  | { kind: 'array'; of: ValueType };

export interface KeywordProperty {
  name: string;
  type: ValueType;
  required: boolean;
}

export interface ParameterInfo {
  name: string;
  /** positional: filled by path bits or by name; rest: surplus path bits; keywords: all unbound keywords. */
  kind: 'positional' | 'rest' | 'keywords';
  required: boolean;
  type: ValueType;
  /** For a destructured keyword collector: the properties it names. */
  properties?: KeywordProperty[];
}

const anyType: ValueType = { kind: 'any' };

/** One syntax-only ts-morph project per route-table build; files are parsed once. */
export class SignatureReader {
  readonly #project = new Project({
    useInMemoryFileSystem: false,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true, noLib: true },
  });
  #scratch = 0;

  /** Parameters of `className.method` declared in `file`, or undefined when the source does not declare it. */
  fromSource(file: string, className: string, method: string): ParameterInfo[] | undefined {
    const source = this.#project.getSourceFile(file) ?? this.#project.addSourceFileAtPath(file);
    const declaration = source.getClass(className)?.getMethod(method);
    return declaration ? readParameters(declaration.getParameters()) : undefined;
  }

  /** Parameters parsed from the method's own text (a class re-exported from elsewhere, an inherited handler). */
  fromFunction(fn: (...args: never[]) => unknown): ParameterInfo[] {
    const text = `class Scratch {\n${fn.toString()}\n}`;
    const source = this.#project.createSourceFile(`/__scratch${this.#scratch++}.js`, text, {
      scriptKind: ScriptKind.JS,
    });
    const method = source.getClassOrThrow('Scratch').getMethods()[0];
    const parameters = method ? readParameters(method.getParameters()) : [];
    source.delete();
    return parameters;
  }

  /**
   * True when the class's own text declares no constructor, no instance field and no private member: its
   * instances need nothing from construction, so `Object.create(prototype)` makes the same object as `new`.
   */
  hasBareInstances(type: abstract new () => unknown): boolean {
    const text = `(${Function.prototype.toString.call(type)});`;
    const source = this.#project.createSourceFile(`/__scratch${this.#scratch++}.js`, text, {
      scriptKind: ScriptKind.JS,
    });
    const declaration = source.getFirstDescendantByKind(SyntaxKind.ClassExpression);
    const bare = !!declaration && declaration.getMembers().every(isBareMember);
    source.delete();
    return bare;
  }
}

function isBareMember(member: ClassMemberTypes): boolean {
  if (Node.isConstructorDeclaration(member)) return false;
  if (Node.isPropertyDeclaration(member) && !member.isStatic()) return false;
  return member.getFirstChildByKind(SyntaxKind.PrivateIdentifier) === undefined;
}

function readParameters(parameters: ParameterDeclaration[]): ParameterInfo[] {
  return parameters.map((parameter, index) =>
    readParameter(parameter, index === parameters.length - 1, index),
  );
}

function readParameter(
  parameter: ParameterDeclaration,
  last: boolean,
  index: number,
): ParameterInfo {
  const nameNode = parameter.getNameNode();
  const optional = parameter.hasQuestionToken() || parameter.hasInitializer();
  const type = readType(parameter.getTypeNode()) ?? typeOfDefault(parameter);
  if (parameter.isRestParameter()) {
    const name = parameter.getName();
    return { name, kind: 'rest', required: false, type: type.kind === 'array' ? type.of : anyType };
  }
  if (last && Node.isObjectBindingPattern(nameNode)) {
    const properties = readBindingProperties(parameter);
    return { name: 'kwargs', kind: 'keywords', required: false, type: anyType, properties };
  }
  const name = Node.isIdentifier(nameNode) ? nameNode.getText() : `arg${index}`;
  if (last && name === 'kwargs') return { name, kind: 'keywords', required: false, type: anyType };
  return { name, kind: 'positional', required: !optional, type };
}

/** `{ a, b = 1 }: { a: number; b?: number }`: each bound name with its declared type. */
function readBindingProperties(parameter: ParameterDeclaration): KeywordProperty[] {
  const pattern = parameter.getNameNode().asKindOrThrow(SyntaxKind.ObjectBindingPattern);
  const literal = parameter.getTypeNode()?.asKind(SyntaxKind.TypeLiteral);
  return pattern.getElements().flatMap((element) => {
    if (element.getDotDotDotToken()) return [];
    const name = (element.getPropertyNameNode() ?? element.getNameNode()).getText();
    const member = literal?.getProperty(name);
    const type = readType(member?.getTypeNode()) ?? anyType;
    const required = !!member && !member.hasQuestionToken() && !element.hasInitializer();
    return [{ name, type, required }];
  });
}

function typeOfDefault(parameter: ParameterDeclaration): ValueType {
  const initializer = parameter.getInitializer();
  if (Node.isNumericLiteral(initializer)) return { kind: 'number' };
  if (Node.isTrueLiteral(initializer) || Node.isFalseLiteral(initializer))
    return { kind: 'boolean' };
  return anyType;
}

function readType(node: TypeNode | undefined): ValueType | undefined {
  if (!node) return undefined;
  switch (node.getKind()) {
    case SyntaxKind.StringKeyword:
      return { kind: 'string' };
    case SyntaxKind.NumberKeyword:
      return { kind: 'number' };
    case SyntaxKind.BooleanKeyword:
      return { kind: 'boolean' };
    case SyntaxKind.ParenthesizedType:
      return readType(node.asKindOrThrow(SyntaxKind.ParenthesizedType).getTypeNode());
    case SyntaxKind.ArrayType:
      return {
        kind: 'array',
        of: readType(node.asKindOrThrow(SyntaxKind.ArrayType).getElementTypeNode()) ?? anyType,
      };
    case SyntaxKind.TypeReference:
      return readReference(node.asKindOrThrow(SyntaxKind.TypeReference));
    case SyntaxKind.LiteralType:
    case SyntaxKind.UnionType:
      return readUnion(node);
    default:
      return anyType;
  }
}

function readReference(node: TypeReferenceNode): ValueType {
  const name = node.getTypeName().getText();
  if (name === 'Date') return { kind: 'date' };
  if (name === 'File' || name === 'Blob') return { kind: 'file' };
  if (name === 'Array' || name === 'ReadonlyArray') {
    return { kind: 'array', of: readType(node.getTypeArguments()[0]) ?? anyType };
  }
  return anyType;
}

/** `'a' | 'b'`, `number | undefined`, `true | false`: literals become a closed set; undefined/null drop out. */
function readUnion(node: TypeNode): ValueType {
  const members = Node.isUnionTypeNode(node) ? node.getTypeNodes() : [node];
  const kept = members.filter((member) => !isNothing(member));
  if (kept.length === 1 && !Node.isLiteralTypeNode(kept[0])) return readType(kept[0]) ?? anyType;
  const values: Array<string | number> = [];
  let booleans = 0;
  for (const member of kept) {
    const literal = Node.isLiteralTypeNode(member) ? member.getLiteral() : undefined;
    if (Node.isStringLiteral(literal) || Node.isNoSubstitutionTemplateLiteral(literal)) {
      values.push(literal.getLiteralValue());
    } else if (Node.isNumericLiteral(literal)) values.push(literal.getLiteralValue());
    else if (Node.isTrueLiteral(literal) || Node.isFalseLiteral(literal)) booleans++;
    else return anyType;
  }
  if (booleans > 0) return values.length === 0 ? { kind: 'boolean' } : anyType;
  return { kind: 'literal', values };
}

function isNothing(node: TypeNode): boolean {
  if (node.getKind() === SyntaxKind.UndefinedKeyword) return true;
  return Node.isLiteralTypeNode(node) && node.getLiteral().getKind() === SyntaxKind.NullKeyword;
}
