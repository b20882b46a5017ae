export { openApiSchemaProblems, parametersProblems, OPENAPI_SCHEMA_KEYWORDS, OPENAPI_SCHEMA_TYPES } from './openapi-schema.js';
export {
  functionNameProblems,
  parameterNameProblems,
  FUNCTION_NAME_PATTERN,
  MAX_FUNCTION_NAME_LENGTH,
  PARAMETER_NAME_PATTERN,
  MAX_PARAMETER_NAME_LENGTH,
} from './names.js';
export { functionDeclarationProblems, toolsProblems, declaredFunctionNames, MAX_FUNCTION_DECLARATIONS } from './declarations.js';
export { toolConfigProblems, FUNCTION_CALLING_MODES, MODES_WITH_ALLOWED_NAMES } from './tool-config.js';
export { contentsProblems, contentProblems, partProblems, CONTENT_ROLES, PART_DATA_FIELDS } from './contents.js';
export { functionTurnProblems } from './function-turns.js';
export { ThoughtSignatureLedger, thoughtSignatureProblems, callKey, SKIP_THOUGHT_SIGNATURE, type SignatureSite } from './thought-signatures.js';
export { requestProblems, type RequestRuleOptions } from './request.js';
export { modelCapabilityProblems, MODELS_WITHOUT_TOOLS } from './model-capabilities.js';
