// The model of the offline demo: a scripted stand-in for Gemini, served by FakeGemini. It is not canned text: it
// reads the declarations it is sent, calls the weather tool for two cities at once (parallel calls, which FakeGemini
// signs as a thinking model does), and answers from the tool results it gets back.
import { GoogleGenAI } from '@google/genai';
import {
  reply,
  startFakeGemini,
  type FakeGemini,
  type FakeRequest,
  type FunctionDeclaration,
  type Handler,
} from '@toolwright/testing';

export const OFFLINE_QUESTION = 'What is the weather like in Boston and in Paris right now? Which one is warmer?';
const CITIES = ['Boston, MA', 'Paris, France'];

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  required?: string[];
}

/** The weather tool among the declarations, and the name of its first required string parameter (the place). */
function weatherTool(declarations: FunctionDeclaration[]): { name: string; place: string } | undefined {
  const ranked = [...declarations].sort((a, b) => score(b) - score(a));
  for (const declaration of ranked) {
    const schema = (declaration.parametersJsonSchema ?? declaration.parameters) as SchemaLike | undefined;
    const place = (schema?.required ?? []).find(
      (name) => String(schema?.properties?.[name]?.type ?? '').toLowerCase() === 'string',
    );
    if (declaration.name && place) return { name: declaration.name, place };
  }
  return undefined;
}

function score(declaration: FunctionDeclaration): number {
  const name = declaration.name ?? '';
  return (/current/i.test(name) ? 2 : 0) + (/weather/i.test(name) ? 1 : 0);
}

/** One line about one tool result, from whatever fields it has. */
function describe(place: string, response: Record<string, unknown> | undefined): string {
  if (!response || 'error' in response)
    return `${place}: the tool failed (${JSON.stringify(response?.error ?? response)})`;
  const output = response.output as Record<string, unknown> | null;
  if (typeof output !== 'object' || output === null) return `${place}: ${JSON.stringify(output)}`;
  const temperature = ['temperature', 'temp', 'tempC', 'temperatureC']
    .map((key) => output[key])
    .find((value) => typeof value === 'number');
  const unit = typeof output.unit === 'string' ? (output.unit.startsWith('f') ? '°F' : '°C') : '';
  const sky = ['conditions', 'condition', 'description', 'summary', 'sky']
    .map((key) => output[key])
    .find((value) => typeof value === 'string');
  if (temperature === undefined) return `${place}: ${JSON.stringify(output)}`;
  return `${place}: ${temperature}${unit}${sky ? `, ${sky}` : ''}`;
}

function temperatureOf(response: Record<string, unknown> | undefined): number | undefined {
  const output = response?.output as Record<string, unknown> | undefined;
  const value =
    output &&
    ['temperature', 'temp', 'tempC', 'temperatureC'].map((key) => output[key]).find((v) => typeof v === 'number');
  return typeof value === 'number' ? value : undefined;
}

/** FakeGemini's handler for the demo conversation. */
export const offlineWeatherModel: Handler = (request: FakeRequest) => {
  if (request.functionResponses.length === 0) {
    const tool = weatherTool(request.functionDeclarations);
    if (!tool) return reply.text('I was given no weather tool, so I cannot look the weather up.');
    return reply.functionCalls(
      CITIES.map((city) => ({ name: tool.name, args: { [tool.place]: city } })),
      { ids: true, text: 'Let me check both cities.' },
    );
  }
  const results = request.functionResponses;
  const lines = results.map(
    (result, i) => `- ${describe(CITIES[i] ?? String(i), result.response as Record<string, unknown>)}`,
  );
  const [boston, paris] = results.map((result) => temperatureOf(result.response as Record<string, unknown>));
  const verdict =
    boston === undefined || paris === undefined
      ? 'I could not compare the temperatures.'
      : boston === paris
        ? 'Both are equally warm.'
        : `${boston > paris ? 'Boston' : 'Paris'} is warmer right now.`;
  return reply.withStream(reply.text(`Here is the weather right now:\n${lines.join('\n')}\n${verdict}`), {
    textEvents: 16,
    intervalMs: 25,
  });
};

/**
 * The client the demo and the developer UI talk to: the Gemini API when an API key is given, else this scripted
 * model on a FakeGemini of its own (close `fake` when done), through the same @google/genai client.
 */
export async function weatherClient(apiKey: string | undefined): Promise<{ client: GoogleGenAI; fake?: FakeGemini }> {
  if (apiKey) return { client: new GoogleGenAI({ apiKey }) };
  const fake = await startFakeGemini({ handler: offlineWeatherModel, thinking: true });
  const client = new GoogleGenAI({ apiKey: 'offline-demo', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  return { client, fake };
}
