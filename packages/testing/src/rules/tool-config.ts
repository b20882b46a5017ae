import { field, isJsonObject, unknownKeys } from './fields.js';
import { at, invalidValue, unknownField, violation } from './messages.js';
import { RETRIEVAL_CONFIG, shapeProblems } from './config-shapes.js';

export const FUNCTION_CALLING_MODES: readonly string[] = ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED'];
/** The modes that take `allowedFunctionNames`. */
export const MODES_WITH_ALLOWED_NAMES: readonly string[] = ['ANY', 'VALIDATED'];

/**
 * Problems of `toolConfig`: an unknown mode, `allowedFunctionNames` with a mode that does not take it or naming a
 * function that is not declared, and a mode that forces calls without any function declaration.
 */
export function toolConfigProblems(
  toolConfig: unknown,
  declaredNames: readonly string[],
  path = 'tool_config',
): string[] {
  if (toolConfig === undefined) return [];
  if (!isJsonObject(toolConfig))
    return [invalidValue(path, 'type.googleapis.com/google.ai.generativelanguage.v1beta.ToolConfig', toolConfig)];
  // The fields @google/genai 2.32 sends (toolConfigToMldev).
  const problems = unknownKeys(
    toolConfig,
    new Set(['functionCallingConfig', 'retrievalConfig', 'includeServerSideToolInvocations']),
  ).map((key) => unknownField(key, path));
  const retrieval = field(toolConfig, 'retrievalConfig');
  if (retrieval !== undefined && retrieval !== null)
    problems.push(...shapeProblems(retrieval, RETRIEVAL_CONFIG, at(path, 'retrieval_config')));
  const config = field(toolConfig, 'functionCallingConfig');
  if (config === undefined) return problems;
  const configPath = at(path, 'function_calling_config');
  if (!isJsonObject(config)) return [...problems, invalidValue(configPath, 'FunctionCallingConfig', config)];
  problems.push(
    ...unknownKeys(config, new Set(['mode', 'allowedFunctionNames'])).map((key) => unknownField(key, configPath)),
  );

  const rawMode = config.mode;
  let mode = 'AUTO';
  if (rawMode !== undefined) {
    if (typeof rawMode !== 'string' || !FUNCTION_CALLING_MODES.includes(rawMode.toUpperCase())) {
      problems.push(
        invalidValue(
          at(configPath, 'mode'),
          'type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode',
          rawMode,
        ),
      );
      return problems;
    }
    mode = rawMode.toUpperCase() === 'MODE_UNSPECIFIED' ? 'AUTO' : rawMode.toUpperCase();
  }
  if (MODES_WITH_ALLOWED_NAMES.includes(mode) && declaredNames.length === 0) {
    problems.push(violation(at(configPath, 'mode'), `mode ${mode} is set without function_declarations in tools`));
  }

  const allowed = field(config, 'allowedFunctionNames');
  if (allowed === undefined) return problems;
  const allowedPath = at(configPath, 'allowed_function_names');
  if (!MODES_WITH_ALLOWED_NAMES.includes(mode)) {
    problems.push(violation(allowedPath, `only allowed when mode is ANY or VALIDATED (mode is ${mode})`));
  }
  if (!Array.isArray(allowed)) return [...problems, invalidValue(allowedPath, 'TYPE_STRING', allowed)];
  allowed.forEach((name, i) => {
    if (typeof name !== 'string') problems.push(invalidValue(at(allowedPath, i), 'TYPE_STRING', name));
    else if (!declaredNames.includes(name)) {
      problems.push(violation(at(allowedPath, i), `function "${name}" is not declared in tools`));
    }
  });
  return problems;
}
