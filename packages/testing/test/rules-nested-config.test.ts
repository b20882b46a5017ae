// Unknown fields inside the nested objects of a request (generationConfig, thinkingConfig, safetySettings[],
// toolConfig, systemInstruction, ...) get the API's 400, as an unknown top-level field does; everything the SDK
// sends for its config is accepted.
import { HarmBlockThreshold, HarmCategory, MediaResolution, Modality, ThinkingLevel, Type } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, requestProblems, startFakeGemini, type FakeGemini } from '../src/index.js';
import { clientFor, collect, MODEL } from './helpers.js';

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini({ handler: () => reply.text('accepted') });
});
afterAll(() => fake.close());

const user = { role: 'user', parts: [{ text: 'hi' }] };
const unknown = (name: string, path: string) =>
  `Invalid JSON payload received. Unknown name "${name}" at '${path}': Cannot find field.`;

describe('the real SDK with many config fields', () => {
  it('is accepted, unary and streamed, and the fields really reach the fake', async () => {
    const config = {
      systemInstruction: 'Be brief.',
      temperature: 0.3,
      topP: 0.9,
      topK: 20,
      candidateCount: 1,
      maxOutputTokens: 256,
      stopSequences: ['END'],
      responseMimeType: 'application/json',
      responseSchema: { type: Type.OBJECT, properties: { answer: { type: Type.STRING } }, required: ['answer'] },
      thinkingConfig: { includeThoughts: true, thinkingBudget: 128 },
      seed: 7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      responseLogprobs: true,
      logprobs: 2,
      responseModalities: [Modality.TEXT],
      mediaResolution: MediaResolution.MEDIA_RESOLUTION_LOW,
      speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } }, languageCode: 'en-US' },
      imageConfig: { aspectRatio: '16:9', imageSize: '1K' },
      enableEnhancedCivicAnswers: false,
      audioTranscriptionConfig: {},
      safetySettings: [
        { category: HarmCategory.HARM_CATEGORY_HARASSMENT, threshold: HarmBlockThreshold.BLOCK_ONLY_HIGH },
        { category: HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT, threshold: HarmBlockThreshold.BLOCK_NONE },
      ],
      tools: [{ functionDeclarations: [{ name: 'f', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: {
        functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['f'] },
        retrievalConfig: { languageCode: 'en', latLng: { latitude: 1, longitude: 2 } },
        includeServerSideToolInvocations: true,
      },
      labels: { team: 'a' },
    };
    const ai = clientFor(fake);
    expect((await ai.models.generateContent({ model: MODEL, contents: 'hi', config })).text).toBe('accepted');
    expect(fake.requests.at(-1)!.problems).toEqual([]);
    expect(Object.keys(fake.turns.at(-1)!.body.generationConfig!).sort()).toEqual(
      [
        'temperature',
        'topP',
        'topK',
        'candidateCount',
        'maxOutputTokens',
        'stopSequences',
        'responseMimeType',
        'responseSchema',
        'thinkingConfig',
        'seed',
        'presencePenalty',
        'frequencyPenalty',
        'responseLogprobs',
        'logprobs',
        'responseModalities',
        'mediaResolution',
        'speechConfig',
        'imageConfig',
        'enableEnhancedCivicAnswers',
        'audioTranscriptionConfig',
      ].sort(),
    );
    const streamed = await collect(
      await clientFor(fake, 'v1').models.generateContentStream({ model: MODEL, contents: 'hi', config }),
    );
    expect(streamed.map((chunk) => chunk.text).join('')).toBe('accepted');

    const json = {
      ...config,
      responseSchema: undefined,
      responseJsonSchema: { type: 'object', additionalProperties: false },
      thinkingConfig: { thinkingLevel: ThinkingLevel.LOW },
    };
    expect((await ai.models.generateContent({ model: MODEL, contents: 'hi', config: json })).text).toBe('accepted');
    const voices = {
      speechConfig: {
        multiSpeakerVoiceConfig: {
          speakerVoiceConfigs: [{ speaker: 'A', voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } }],
        },
      },
    };
    expect((await ai.models.generateContent({ model: MODEL, contents: 'hi', config: voices })).text).toBe('accepted');
  });
});

describe('an unknown field at each nested level', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['generationConfig', { generationConfig: { temperature: 1, foo: 1 } }, unknown('foo', 'generation_config')],
    [
      'generation_config (snake case)',
      { generation_config: { max_output_tokens: 5, foo: 1 } },
      unknown('foo', 'generation_config'),
    ],
    [
      'thinkingConfig',
      { generationConfig: { thinkingConfig: { thinkingBudget: 0, budget: 1 } } },
      unknown('budget', 'generation_config.thinking_config'),
    ],
    [
      'speechConfig',
      { generationConfig: { speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voice: 'x' } } } } },
      unknown('voice', 'generation_config.speech_config.voice_config.prebuilt_voice_config'),
    ],
    [
      'speakerVoiceConfigs[]',
      {
        generationConfig: {
          speechConfig: { multiSpeakerVoiceConfig: { speakerVoiceConfigs: [{ speaker: 'a' }, { name: 'b' }] } },
        },
      },
      unknown('name', 'generation_config.speech_config.multi_speaker_voice_config.speaker_voice_configs[1]'),
    ],
    [
      'imageConfig',
      { generationConfig: { imageConfig: { aspectRatio: '1:1', personGeneration: 'x' } } },
      unknown('personGeneration', 'generation_config.image_config'),
    ],
    [
      'safetySettings[]',
      {
        safetySettings: [
          { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
          { category: 'x', method: 'SEVERITY' },
        ],
      },
      unknown('method', 'safety_settings[1]'),
    ],
    ['toolConfig', { toolConfig: { functionCallingConfig: {}, foo: true } }, unknown('foo', 'tool_config')],
    [
      'functionCallingConfig',
      { toolConfig: { functionCallingConfig: { mode: 'AUTO', streamFunctionCallArguments: true } } },
      unknown('streamFunctionCallArguments', 'tool_config.function_calling_config'),
    ],
    [
      'retrievalConfig.latLng',
      { toolConfig: { retrievalConfig: { latLng: { lat: 1 } } } },
      unknown('lat', 'tool_config.retrieval_config.lat_lng'),
    ],
    [
      'systemInstruction',
      { systemInstruction: { parts: [{ text: 'x' }], lang: 'en' } },
      unknown('lang', 'system_instruction'),
    ],
    [
      'systemInstruction.parts[]',
      { systemInstruction: { parts: [{ text: 'x', foo: 1 }] } },
      unknown('foo', 'system_instruction.parts[0]'),
    ],
  ];

  it.each(cases)('%s', async (_name, fields, expected) => {
    const body = { contents: [user], ...fields };
    expect(requestProblems(body)).toEqual([expected]);
    // Over HTTP, as a client that builds its own bodies would send them.
    const response = await fetch(`${fake.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { message: string; status: string } }).error;
    expect(error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expected });
  });

  it('a nested config that is not an object is an invalid value', () => {
    expect(requestProblems({ contents: [user], generationConfig: 5 })).toEqual([
      "Invalid value at 'generation_config' " +
        '(type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig), 5',
    ]);
    expect(requestProblems({ contents: [user], safetySettings: { category: 'x' } })).toEqual([
      "Invalid value at 'safety_settings' " +
        '(type.googleapis.com/google.ai.generativelanguage.v1beta.SafetySetting), {"category":"x"}',
    ]);
  });
});
