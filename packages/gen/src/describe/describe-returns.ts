import type { JsonSchema } from '@toolwright/core';
import { severityOf } from '../diagnostic-codes.js';
import { ts } from '../program/typescript.js';
import { createSchemaBuilder, SCHEMA_DIALECT } from '../schema/index.js';

/** The return type, Promise unwrapped, when it describes something; problems there are not the user's to fix. */
export function describeReturns(
  method: ts.MethodDeclaration,
  context: { projectDir: string; checker: ts.TypeChecker },
): JsonSchema | undefined {
  const { checker } = context;
  const declaration = method;
  const signature = checker.getSignatureFromDeclaration(declaration);
  if (!signature) return undefined;
  let type = checker.getReturnTypeOfSignature(signature);
  let node: ts.Node = declaration.type ?? method;
  if (isPromise(type, checker)) {
    const [awaited] = checker.getTypeArguments(type as ts.TypeReference);
    if (!awaited) return undefined;
    type = awaited;
    const typeNode = declaration.type;
    node = (typeNode && ts.isTypeReferenceNode(typeNode) ? typeNode.typeArguments?.[0] : undefined) ?? method;
  }
  if (
    type.flags &
    (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never)
  )
    return undefined;
  let failed = false;
  const builder = createSchemaBuilder({
    projectDir: context.projectDir,
    checker: context.checker,
    report: (_node, code) => {
      if (severityOf(code) === 'error') failed = true;
    },
  });
  const { schema } = builder.typeSchema(type, node);
  if (failed || Object.keys(schema).length === 0) return undefined;
  const definitions = builder.definitions();
  const returns: JsonSchema = { $schema: SCHEMA_DIALECT, ...schema };
  return definitions && Object.keys(definitions).length > 0 ? { ...returns, $defs: definitions } : returns;
}

function isPromise(type: ts.Type, checker: ts.TypeChecker): boolean {
  return type.getSymbol()?.getName() === 'Promise' && checker.getTypeArguments(type as ts.TypeReference).length === 1;
}
