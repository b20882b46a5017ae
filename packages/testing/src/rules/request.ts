import { contentProblems, contentsProblems } from './contents.js';
import { declaredFunctionNames, toolsProblems } from './declarations.js';
import { field, isJsonObject, unknownKeys } from './fields.js';
import { functionTurnProblems } from './function-turns.js';
import { unknownField } from './messages.js';
import { type ThoughtSignatureLedger, thoughtSignatureProblems } from './thought-signatures.js';
import { toolConfigProblems } from './tool-config.js';
import { fieldProblems, GENERATION_CONFIG, SAFETY_SETTING } from './config-shapes.js';

export interface RequestRuleOptions {
  /** Check thought signatures as a thinking model (Gemini 3) does. */
  thinking?: boolean;
  /** The signatures the model issued, so that they must come back unchanged on the same parts. */
  signatures?: ThoughtSignatureLedger;
}

const REQUEST_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'generationConfig',
  'safetySettings',
  'cachedContent',
  'labels',
  'serviceTier',
  'store',
  'continuationToken',
]);

/**
 * Every problem the Gemini API reports for a generateContent request body, each naming its field path. An empty list
 * means the API accepts the request (as far as these rules go): see the package README for the list of rules.
 */
export function requestProblems(body: unknown, options: RequestRuleOptions = {}): string[] {
  if (!isJsonObject(body))
    return ['Invalid JSON payload received. Expected an object at the top level of the request body.'];
  const problems = unknownKeys(body, REQUEST_FIELDS).map((key) => unknownField(key, ''));
  const contents = body.contents;
  problems.push(...contentsProblems(contents));
  problems.push(...functionTurnProblems(contents));
  const systemInstruction = field(body, 'systemInstruction');
  if (systemInstruction !== undefined)
    problems.push(...contentProblems(systemInstruction, 'system_instruction', false));
  const tools = body.tools;
  if (tools !== undefined) problems.push(...toolsProblems(tools));
  problems.push(...toolConfigProblems(field(body, 'toolConfig'), declaredFunctionNames(tools)));
  const generationConfig = field(body, 'generationConfig');
  // null is how JSON leaves a message unset.
  if (generationConfig !== undefined && generationConfig !== null)
    problems.push(...fieldProblems(generationConfig, GENERATION_CONFIG, 'generation_config'));
  const safetySettings = field(body, 'safetySettings');
  if (safetySettings !== undefined && safetySettings !== null)
    problems.push(...fieldProblems(safetySettings, { repeated: SAFETY_SETTING }, 'safety_settings'));
  if (options.thinking) problems.push(...thoughtSignatureProblems(contents, options.signatures));
  return problems;
}
