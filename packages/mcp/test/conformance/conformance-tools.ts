// The tools the official conformance suite's server scenarios call, by the names and with the answers they expect
// (`npx @modelcontextprotocol/conformance list --server` describes each), as an ordinary Toolbox.
import {
  audioContent,
  defineTool,
  imageContent,
  resourceContent,
  Toolbox,
  toolContent,
  type ToolContext,
} from '@toolwright/core';
import { onePixelPng, silentWav } from './media.js';

const noArguments = { type: 'object', properties: {}, additionalProperties: false } as const;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const simpleText = defineTool({
  name: 'test_simple_text',
  description: 'Returns a simple text response.',
  parameters: noArguments,
  handler: () => 'This is a simple text response for testing.',
});

const errorHandling = defineTool({
  name: 'test_error_handling',
  description: 'Always fails.',
  parameters: noArguments,
  handler: () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
});

const withProgress = defineTool({
  name: 'test_tool_with_progress',
  description: 'Reports progress 0, 50 and 100 of 100.',
  parameters: noArguments,
  handler: async (_args, context: ToolContext) => {
    context.progress(0, 100);
    await pause(50);
    context.progress(50, 100);
    await pause(50);
    context.progress(100, 100);
    return 'Progress test completed';
  },
});

const withLogging = defineTool({
  name: 'test_tool_with_logging',
  description: 'Logs three messages at info level while it runs.',
  parameters: noArguments,
  handler: async (_args, context: ToolContext) => {
    context.log('info', 'Tool execution started');
    await pause(50);
    context.log('info', 'Tool processing data');
    await pause(50);
    context.log('info', 'Tool execution completed');
    return 'Logging test completed';
  },
});

const jsonSchema202012 = defineTool({
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features',
  parameters: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
    },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
    additionalProperties: false,
  },
  handler: (args) => args,
});

const image = defineTool({
  name: 'test_image_content',
  description: 'Returns a 1x1 PNG image.',
  parameters: noArguments,
  handler: () => toolContent([imageContent(onePixelPng, 'image/png')]),
});

const audio = defineTool({
  name: 'test_audio_content',
  description: 'Returns a short silent WAV clip.',
  parameters: noArguments,
  handler: () => toolContent([audioContent(silentWav(), 'audio/wav')]),
});

const embeddedResource = defineTool({
  name: 'test_embedded_resource',
  description: 'Returns an embedded text resource.',
  parameters: noArguments,
  handler: () =>
    toolContent([resourceContent('test://embedded-resource', 'This is an embedded resource content.', 'text/plain')]),
});

const mixedContent = defineTool({
  name: 'test_multiple_content_types',
  description: 'Returns text, an image and a resource.',
  parameters: noArguments,
  handler: () =>
    toolContent([
      'Multiple content types test:',
      imageContent(onePixelPng, 'image/png'),
      resourceContent(
        'test://mixed-content-resource',
        JSON.stringify({ test: 'data', value: 123 }),
        'application/json',
      ),
    ]),
});

/** A fresh Toolbox of the conformance tools (each served endpoint gets its own). */
export function conformanceToolbox(): Toolbox {
  return new Toolbox([
    simpleText,
    errorHandling,
    withProgress,
    withLogging,
    jsonSchema202012,
    image,
    audio,
    embeddedResource,
    mixedContent,
  ]);
}
