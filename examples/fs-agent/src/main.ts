// Usage: pnpm start [folder] [question]
// Without a folder, works on a fresh copy of ./workspace in a temporary folder (next to a secrets.txt that a note
// tries to steal). Offline on FakeGemini unless GEMINI_API_KEY is set.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GoogleGenAI } from '@google/genai';
import { jsonLinesAudit } from '@toolwright/fs-tools';
import { startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { askAboutFolder, DEFAULT_QUESTION } from './fs-agent.js';
import { offlineModel, TODO_FILE } from './offline-model.js';

const [folderArg, questionArg] = process.argv.slice(2);
let folder: string;
if (folderArg) {
  folder = resolve(folderArg);
} else {
  const scratch = mkdtempSync(join(tmpdir(), 'fs-agent-'));
  folder = join(scratch, 'workspace');
  cpSync(join(import.meta.dirname, '..', 'workspace'), folder, { recursive: true });
  writeFileSync(join(scratch, 'secrets.txt'), 'the launch code is 0000\n');
}
const question = questionArg ?? DEFAULT_QUESTION;

let fake: FakeGemini | undefined;
let ai: GoogleGenAI;
if (process.env.GEMINI_API_KEY) {
  ai = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY });
} else {
  fake = await startFakeGemini({ handler: offlineModel() });
  ai = new GoogleGenAI({ apiKey: 'offline', httpOptions: { baseUrl: fake.url } });
  console.log('(offline: a scripted model on FakeGemini; set GEMINI_API_KEY to ask Gemini)');
}

console.log(`folder: ${folder}\nquestion: ${question}\n`);
try {
  const result = await askAboutFolder(question, {
    folder,
    client: ai,
    ...(process.env.GEMINI_MODEL ? { model: process.env.GEMINI_MODEL } : {}),
    audit: jsonLinesAudit(join(folder, '..', 'fs-agent-audit.jsonl')),
    confirmWrite: (request) => {
      console.log(`  write ${request.path} (${request.mode}, ${request.bytes} bytes): allowed`);
      return true;
    },
  });
  console.log('');
  for (const step of result.steps) {
    for (const call of step.calls) {
      const outcome = call.ok ? 'ok' : `refused: ${(call.response as { error?: { message?: string } }).error?.message}`;
      console.log(`  ${call.name}(${JSON.stringify(call.args)}) -> ${outcome}`);
    }
  }
  console.log(`\n${result.text}`);
  if (!folderArg) console.log(`\n${TODO_FILE}:\n${readFileSync(join(folder, TODO_FILE), 'utf8')}`);
} finally {
  await fake?.close();
}
