import { field, isJsonObject, unknownKeys } from './fields.js';
import { at, invalidValue, snakeCase, unknownField } from './messages.js';

/**
 * The fields of a proto message the API checks by name: an unknown one is a 400 (`Unknown name "foo" at
 * 'generation_config': Cannot find field.`). A field maps to `null` when its value is not checked further (scalars,
 * enums, free JSON such as `responseJsonSchema`), to a shape for a nested message, or to `{ repeated }` for a list of
 * messages.
 */
export interface MessageShape {
  /** The proto type, as the API names it in "Invalid value" messages. */
  type: string;
  fields: Readonly<Record<string, FieldShape>>;
}

export type FieldShape = null | MessageShape | { repeated: MessageShape };

const TYPE_PREFIX = 'type.googleapis.com/google.ai.generativelanguage.v1beta.';

function message(type: string, fields: Record<string, FieldShape>): MessageShape {
  return { type: `${TYPE_PREFIX}${type}`, fields };
}

// The lists are the fields @google/genai 2.32 sends for the Gemini Developer API (its mldev request converters:
// generateContentConfigToMldev, imageConfigToMldev, safetySettingToMldev, toolConfigToMldev,
// functionCallingConfigToMldev), and the nested types it passes through as they are (ThinkingConfig, SpeechConfig,
// AudioTranscriptionConfig, RetrievalConfig): nothing the SDK legitimately sends is refused. Fields the SDK refuses
// itself in Developer API mode (e.g. `routingConfig`, `personGeneration`, a safety setting's `method`) are left out.

const PREBUILT_VOICE_CONFIG = message('PrebuiltVoiceConfig', { voiceName: null });
const REPLICATED_VOICE_CONFIG = message('ReplicatedVoiceConfig', {
  mimeType: null,
  voiceSampleAudio: null,
  consentAudio: null,
  voiceConsentSignature: null,
});
const VOICE_CONFIG = message('VoiceConfig', {
  prebuiltVoiceConfig: PREBUILT_VOICE_CONFIG,
  replicatedVoiceConfig: REPLICATED_VOICE_CONFIG,
  voice: null,
});
const SPEAKER_VOICE_CONFIG = message('SpeakerVoiceConfig', { speaker: null, voiceConfig: VOICE_CONFIG });
const MULTI_SPEAKER_VOICE_CONFIG = message('MultiSpeakerVoiceConfig', {
  speakerVoiceConfigs: { repeated: SPEAKER_VOICE_CONFIG },
});

export const THINKING_CONFIG: MessageShape = message('ThinkingConfig', {
  includeThoughts: null,
  thinkingBudget: null,
  thinkingLevel: null,
});
export const SPEECH_CONFIG: MessageShape = message('SpeechConfig', {
  voiceConfig: VOICE_CONFIG,
  languageCode: null,
  multiSpeakerVoiceConfig: MULTI_SPEAKER_VOICE_CONFIG,
});
export const IMAGE_CONFIG: MessageShape = message('ImageConfig', { aspectRatio: null, imageSize: null });
export const AUDIO_TRANSCRIPTION_CONFIG: MessageShape = message('AudioTranscriptionConfig', {
  languageCodes: null,
  languageAuto: null,
  languageHints: null,
  customVocabulary: null,
  adaptationPhrases: null,
  wordTimestamp: null,
  diarization: null,
  mode: null,
});

export const GENERATION_CONFIG: MessageShape = message('GenerationConfig', {
  temperature: null,
  topP: null,
  topK: null,
  candidateCount: null,
  maxOutputTokens: null,
  stopSequences: null,
  responseLogprobs: null,
  logprobs: null,
  presencePenalty: null,
  frequencyPenalty: null,
  seed: null,
  responseMimeType: null,
  responseSchema: null,
  responseJsonSchema: null,
  responseModalities: null,
  mediaResolution: null,
  speechConfig: SPEECH_CONFIG,
  thinkingConfig: THINKING_CONFIG,
  audioTranscriptionConfig: AUDIO_TRANSCRIPTION_CONFIG,
  imageConfig: IMAGE_CONFIG,
  enableEnhancedCivicAnswers: null,
});

export const SAFETY_SETTING: MessageShape = message('SafetySetting', { category: null, threshold: null });

const LAT_LNG = message('LatLng', { latitude: null, longitude: null });
export const RETRIEVAL_CONFIG: MessageShape = message('RetrievalConfig', { languageCode: null, latLng: LAT_LNG });

/**
 * Unknown fields of `value` and of the messages inside it, each at its snake_case path; a non-object is an invalid
 * value.
 */
export function shapeProblems(value: unknown, shape: MessageShape, path: string): string[] {
  if (!isJsonObject(value)) return [invalidValue(path, shape.type, value)];
  const problems = unknownKeys(value, new Set(Object.keys(shape.fields))).map((key) => unknownField(key, path));
  for (const [name, child] of Object.entries(shape.fields)) {
    if (child === null) continue;
    const inner = field(value, name);
    if (inner === undefined || inner === null) continue;
    problems.push(...fieldProblems(inner, child, at(path, snakeCase(name))));
  }
  return problems;
}

/** A message field, or a repeated one (a list of messages; a single object there is an invalid value). */
export function fieldProblems(
  value: unknown,
  shape: MessageShape | { repeated: MessageShape },
  path: string,
): string[] {
  if (!('repeated' in shape)) return shapeProblems(value, shape, path);
  if (!Array.isArray(value)) return [invalidValue(path, shape.repeated.type, value)];
  return value.flatMap((item, i) => shapeProblems(item, shape.repeated, at(path, i)));
}
