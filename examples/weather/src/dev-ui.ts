// `npm run dev:ui`: the developer UI on the weather example. With GEMINI_API_KEY set the chat talks to the Gemini
// API (model from GEMINI_MODEL, default gemini-2.5-flash); without it, the offline demo's scripted model on
// FakeGemini answers, over HTTP, through the real @google/genai client. PORT picks the port (0 or unset: any free
// one); the URL is printed when the page is ready.
import { startDevUi } from '@toolwright/dev-ui';
import { createWeatherAgent, weatherToolbox } from './agent.js';
import { weatherClient } from './agent-offline-model.js';

const apiKey = process.env.GEMINI_API_KEY;
const port = Number(process.env.PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0 for any free port), not "${process.env.PORT}"`);
  process.exit(2);
}

const { client, fake } = await weatherClient(apiKey);
const model = apiKey ? process.env.GEMINI_MODEL || 'gemini-2.5-flash' : 'gemini-2.5-flash';
const toolbox = weatherToolbox();
const ui = await startDevUi({
  toolbox,
  // Made by the UI with its onEvent, so that every run of this Agent shows in the trace view.
  createAgent: ({ onEvent }) => createWeatherAgent({ client, model, tools: toolbox, onEvent }),
  port,
  title: 'weather example',
});

console.log(
  apiKey
    ? `Chat on the Gemini API with ${model} (GEMINI_API_KEY is set).`
    : 'Chat offline: GEMINI_API_KEY is not set, so a scripted model on FakeGemini answers.',
);
console.log(`Developer UI: ${ui.url}`);

const stop = async () => {
  await ui.close();
  await fake?.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
