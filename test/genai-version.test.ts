// Which @google/genai the tests run on: the workspace's, or the one a CI run names with
// `scripts/test-on-node.mjs <major> --deps <folder>` (TOOLWRIGHT_TEST_DEPS). The version the client sends in its
// x-goog-api-client header must be the installed package's, so that a run that says it tested 3.x did.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GoogleGenAI } from '@google/genai';
import { afterAll, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';

const root = join(__dirname, '..');
const modules = process.env.TOOLWRIGHT_TEST_DEPS
  ? join(process.env.TOOLWRIGHT_TEST_DEPS, 'node_modules')
  : join(root, 'node_modules');
const installed = JSON.parse(readFileSync(join(modules, '@google/genai/package.json'), 'utf8')) as { version: string };

let fake: FakeGemini | undefined;
afterAll(() => fake?.close());

describe('the @google/genai this run tests', () => {
  it(`is ${installed.version}, from ${modules}`, async () => {
    fake = await startFakeGemini({ script: [reply.text('hi')] });
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
    await client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hello' });
    const header = fake.turns[0]?.headers['x-goog-api-client'] ?? '';
    expect(header).toContain(`google-genai-sdk/${installed.version}`);
  });
});
