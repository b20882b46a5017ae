import type { JsonSchema } from '@toolwright/core';
import type { Report } from '../diagnostics.js';
import { ts } from '../program/typescript.js';
import { applyDocTags, type DocTag } from '../schema/index.js';
import { cleanText, commentText, type MethodDoc } from './method-doc.js';

// Where the JSDoc about a parameter goes: the method's `@param` text and schema tags aimed at it (by name, or on the
// line of its `@param`), JSDoc written on the parameter itself, and `@param options.limit` for a nested property.

/** Schema tags that a method's JSDoc may aim at one parameter, tsoa style: `@minimum days 1`. */
const PARAMETER_TAGS = new Set([
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'integer',
  'default',
  'example',
]);
/** Those that only make sense with a parameter named: on their own on a method they are a mistake. */
const CONSTRAINT_TAGS = new Set([...PARAMETER_TAGS].filter((tag) => tag !== 'example' && tag !== 'default'));

/**
 * The parameter's schema with its docs applied: the tags aimed at it (`methodTags`, from `tagsByParameter`) and its
 * own, its description (`@param` text, else its own comment), then the docs of its nested properties.
 */
export function documentParameter(
  schema: JsonSchema,
  name: string,
  parameter: ts.ParameterDeclaration,
  doc: MethodDoc,
  methodTags: Map<string, DocTag[]>,
  report: Report,
): JsonSchema {
  const tags: DocTag[] = [...(methodTags.get(name) ?? []), ...ownTags(parameter)];
  let documented = applyDocTags(schema, tags, report, parameter);
  const text = doc.params.get(name) ?? ownDescription(parameter);
  if (text !== undefined) documented = { ...documented, description: text };
  return applyNestedDocs(documented, name, doc, methodTags, report, parameter);
}

/** JSDoc written on the parameter itself: `(/** @minimum 1 *\/ days: number)`. */
function ownTags(parameter: ts.ParameterDeclaration): DocTag[] {
  const jsDoc = (parameter as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  return jsDoc.flatMap((block) =>
    (block.tags ?? []).map((tag) => ({
      name: tag.tagName.text,
      text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
    })),
  );
}

/** The text of a JSDoc comment written on the parameter itself: `(/** How far. *\/ radius: number)`. */
function ownDescription(parameter: ts.ParameterDeclaration): string | undefined {
  const jsDoc = (parameter as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  const last = jsDoc[jsDoc.length - 1];
  return last ? cleanText(ts.getTextOfJSDocComment(last.comment)) : undefined;
}

/**
 * Method-level schema tags aimed at one parameter, by parameter name: tags that name it first (`@minimum days 1`),
 * and tags written on the same line as its `@param` (`@param days How many. @minimum 1`). An `@example` aimed at no
 * parameter is an example of the whole call: its text is returned in `examples`.
 */
export function tagsByParameter(
  parameterNames: readonly string[],
  doc: MethodDoc,
  report: Report,
  sourceFile: ts.SourceFile,
): { byParameter: Map<string, DocTag[]>; examples: string[] } {
  const names = new Set(parameterNames);
  const byParameter = new Map<string, DocTag[]>();
  const examples: string[] = [];
  const add = (parameter: string, tag: DocTag) =>
    byParameter.set(parameter, [...(byParameter.get(parameter) ?? []), tag]);
  let lastParam: { name: string; tag: ts.JSDocParameterTag } | undefined;
  for (const tag of doc.tags) {
    if (ts.isJSDocParameterTag(tag)) {
      const name = tag.name.getText(sourceFile);
      lastParam = { name, tag };
      if (!names.has(rootName(name))) {
        report(tag, 'TW4504', `@param ${name} names no parameter of the method: check its spelling; it is ignored`);
      }
      continue;
    }
    const tagName = tag.tagName.getText(sourceFile);
    if (!PARAMETER_TAGS.has(tagName)) continue;
    const text = (commentText(tag) ?? '').trim();
    const [first = ''] = text.split(/\s+/);
    if (names.has(rootName(first))) {
      add(first, { name: tagName, text: text.slice(first.length).trim() });
    } else if (lastParam && names.has(rootName(lastParam.name)) && sameLine(lastParam.tag, tag, sourceFile)) {
      add(lastParam.name, { name: tagName, text });
    } else if (CONSTRAINT_TAGS.has(tagName)) {
      report(
        tag,
        'TW4505',
        `@${tagName} on a method applies to a parameter: write @${tagName} <parameter> <value>, or put it on ` +
          'the line of the @param; it is ignored',
      );
    } else if (tagName === 'example') {
      const example = cleanText(commentText(tag));
      if (example !== undefined) examples.push(example);
    }
  }
  return { byParameter, examples };
}

/** Whether two nodes start on the same line (no `\n` between their starts, as ts-morph's line numbers count). */
function sameLine(a: ts.Node, b: ts.Node, sourceFile: ts.SourceFile): boolean {
  const [first, second] = [a.getStart(sourceFile), b.getStart(sourceFile)].sort((x, y) => x - y) as [number, number];
  const newline = sourceFile.text.indexOf('\n', first);
  return newline < 0 || newline >= second;
}

/** The parameter a `@param` (or tag) name is about: `options` for `options.limit` and `items[].name`. */
function rootName(name: string): string {
  return name.split(/[.[]/)[0]!;
}

/**
 * `@param options.limit Max results. @maximum 50` (JSDoc's form for a property of an object parameter): the text
 * and the tags on that line go to the nested property of the parameter's schema (`items[].name` reaches into
 * array elements; each member of a union that has the property gets them). A path that names no property warns.
 */
function applyNestedDocs(
  schema: JsonSchema,
  name: string,
  doc: MethodDoc,
  methodTags: Map<string, DocTag[]>,
  report: Report,
  parameter: ts.ParameterDeclaration,
): JsonSchema {
  const keys = new Set(
    [...doc.params.keys(), ...methodTags.keys()].filter((key) => key !== name && rootName(key) === name),
  );
  let result = schema;
  for (const key of keys) {
    const path = key.slice(name.length).replace(/^\./, '').split('.');
    const updated = updateNested(result, path, (property) => {
      let next = applyDocTags(property, methodTags.get(key) ?? [], report, parameter);
      const text = doc.params.get(key);
      if (text !== undefined) next = { ...next, description: text };
      return next;
    });
    if (updated) result = updated;
    else
      report(
        parameter,
        'TW4506',
        `@param ${key} names no property of parameter "${name}" (a $ref or a type without it): it is ignored`,
      );
  }
  return result;
}

/** A copy of `schema` with `update` applied at the property path (`[]` after a name: its array elements). */
function updateNested(
  schema: JsonSchema,
  path: readonly string[],
  update: (schema: JsonSchema) => JsonSchema,
): JsonSchema | undefined {
  if (path.length === 0 || (path.length === 1 && path[0] === '')) return update(schema);
  if (schema.anyOf) {
    let found = false;
    const anyOf = schema.anyOf.map((member) => {
      const next = updateNested(member, path, update);
      if (next) found = true;
      return next ?? member;
    });
    return found ? { ...schema, anyOf } : undefined;
  }
  const [segment = '', ...rest] = path;
  const elements = segment.endsWith('[]');
  const key = elements ? segment.slice(0, -2) : segment;
  const property = key === '' ? schema : schema.properties?.[key];
  if (!property) return undefined;
  let next: JsonSchema | undefined;
  if (elements) {
    if (typeof property.items !== 'object') return undefined;
    const items = updateNested(property.items, rest, update);
    next = items ? { ...property, items } : undefined;
  } else next = updateNested(property, rest, update);
  if (!next) return undefined;
  return key === '' ? next : { ...schema, properties: { ...schema.properties, [key]: next } };
}
