import type { Content, ContentUnion, GenerateContentParameters, Part } from '@google/genai';

/** Config keys the client acts on itself: never sent. */
const CLIENT_SIDE = new Set(['httpOptions', 'abortSignal', 'automaticFunctionCalling']);

/** Config keys that go to the top of the body: where @google/genai's Gemini API converter puts them. */
const TOP_LEVEL = new Set([
  'systemInstruction',
  'safetySettings',
  'tools',
  'toolConfig',
  'labels',
  'cachedContent',
  'serviceTier',
  'continuationToken',
  'store',
]);

/** Config keys that go under `generationConfig`, as the same converter sends them. */
const GENERATION = new Set([
  'temperature',
  'topP',
  'topK',
  'candidateCount',
  'maxOutputTokens',
  'stopSequences',
  'responseLogprobs',
  'logprobs',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'responseModalities',
  'mediaResolution',
  'speechConfig',
  'thinkingConfig',
  'audioTranscriptionConfig',
  'imageConfig',
  'enableEnhancedCivicAnswers',
]);

/** The URL path of a model: `models/<name>`, or the name as given when it already names a model resource. */
export function modelPath(model: unknown): string {
  if (typeof model !== 'string' || model === '') throw new Error('GeminiRestClient: `model` must be a model name.');
  // The same refusal as the SDK's: these would change the URL's meaning.
  if (/\.\.|[?&#]/.test(model)) throw new Error(`GeminiRestClient: invalid model name ${JSON.stringify(model)}.`);
  return model.startsWith('models/') || model.startsWith('tunedModels/') ? model : `models/${model}`;
}

/**
 * The JSON body of a generateContent request on the Gemini API: `contents`, the config's request-level settings at
 * the top, its sampling settings in `generationConfig`. A config key the client does not know is refused with its
 * name, rather than dropped (the SDK drops some silently and refuses Vertex AI's).
 */
export function requestBody(params: GenerateContentParameters): Record<string, unknown> {
  const body: Record<string, unknown> = { contents: toContents(params.contents) };
  const config = params.config as Record<string, unknown> | undefined;
  if (config === undefined || config === null) return body;
  const generationConfig: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || value === null || CLIENT_SIDE.has(key)) continue;
    if (TOP_LEVEL.has(key)) body[key] = topLevelValue(key, value);
    else if (GENERATION.has(key)) generationConfig[key] = key === 'speechConfig' ? speechConfig(value) : value;
    else
      throw new Error(
        `GeminiRestClient does not send config.${key} (a Vertex AI setting, or one it does not know): use ` +
          `@google/genai's GoogleGenAI client for it.`,
      );
  }
  // The SDK always sends the object, empty or not.
  body.generationConfig = generationConfig;
  return body;
}

function topLevelValue(key: string, value: unknown): unknown {
  if (key === 'systemInstruction') return toContent(value as ContentUnion);
  if (key === 'cachedContent' && typeof value === 'string' && !value.includes('/')) return `cachedContents/${value}`;
  return value;
}

/** A voice name stands for its prebuilt voice config, as in the SDK. */
function speechConfig(value: unknown): unknown {
  return typeof value === 'string' ? { voiceConfig: { prebuiltVoiceConfig: { voiceName: value } } } : value;
}

function isContent(value: unknown): value is Content {
  return typeof value === 'object' && value !== null && ('parts' in value || 'role' in value);
}

function toPart(value: unknown): Part {
  return typeof value === 'string' ? { text: value } : (value as Part);
}

/** A content as the API takes it: text and parts become one user turn. */
function toContent(value: ContentUnion): Content {
  if (isContent(value)) return value;
  return { role: 'user', parts: (Array.isArray(value) ? value : [value]).map(toPart) };
}

/** `contents` as the API takes it: a list of contents (text or parts alone make one user turn). */
function toContents(value: GenerateContentParameters['contents']): Content[] {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    throw new Error('GeminiRestClient: `contents` must not be empty.');
  if (!Array.isArray(value)) return [toContent(value as ContentUnion)];
  if (value.every(isContent)) return value as Content[];
  if (value.some(isContent))
    throw new Error('GeminiRestClient: `contents` mixes contents and parts; put the parts in contents with a role.');
  return [toContent(value as Part[])];
}
