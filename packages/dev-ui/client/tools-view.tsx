import { useState } from 'preact/hooks';
import type { ToolCallAnswer, ToolInfo } from '../src/api-types.js';
import { postJson, pretty } from './api.js';
import type { Schema } from './schema.js';
import { SchemaForm } from './schema-form.js';

/** The tools: a list, and for the chosen one its declarations, a form to call it, and the answer. */
export function ToolsView({ tools, problems }: { tools: ToolInfo[]; problems: string[] }) {
  const [chosen, setChosen] = useState(tools[0]?.name);
  const tool = tools.find((candidate) => candidate.name === chosen);
  return (
    <div class="tools-view">
      <nav class="tool-list" data-testid="tool-list" aria-label="Tools">
        {tools.map((candidate) => (
          <button
            key={candidate.name}
            type="button"
            class={candidate.name === chosen ? 'tool-item chosen' : 'tool-item'}
            aria-current={candidate.name === chosen ? 'true' : undefined}
            onClick={() => setChosen(candidate.name)}
          >
            <span class="tool-name">{candidate.name}</span>
            <span class="muted">{firstLine(candidate.description)}</span>
          </button>
        ))}
        {tools.length === 0 && <p class="muted">No tools.</p>}
        {problems.map((problem) => (
          <p key={problem} class="problem">
            {problem}
          </p>
        ))}
      </nav>
      {tool && <ToolDetail key={tool.name} tool={tool} />}
    </div>
  );
}

function ToolDetail({ tool }: { tool: ToolInfo }) {
  const [answer, setAnswer] = useState<ToolCallAnswer | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const call = async (args: unknown) => {
    setBusy(true);
    setFailure(undefined);
    try {
      setAnswer(await postJson<ToolCallAnswer>(`/api/tools/${encodeURIComponent(tool.name)}/call`, { args }));
    } catch (error) {
      setAnswer(undefined);
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="tool-detail" aria-label={tool.name}>
      <header>
        <h2>{tool.name}</h2>
        {tool.description && <p class="description">{tool.description}</p>}
      </header>
      <div class="columns">
        <div class="column">
          <h3>Call it</h3>
          <SchemaForm
            toolName={tool.name}
            schema={tool.jsonSchema.parametersJsonSchema as Schema | undefined}
            busy={busy}
            onCall={call}
          />
          {failure && <p class="problem">The server did not run the call: {failure}</p>}
          {answer && (
            <div class="tool-result" data-testid="tool-result">
              <p>
                <span class={answer.ok ? 'badge ok' : 'badge error'}>{answer.ok ? 'output' : 'error'}</span>{' '}
                <span class="muted">{answer.durationMs} ms · what the model gets back, as the Toolbox answered it</span>
              </p>
              <pre>{pretty(answer.part)}</pre>
              {answer.notes.length > 0 && (
                <ol class="tool-notes" aria-label="What the tool said while it ran">
                  {answer.notes.map((note, index) => (
                    <li key={index}>
                      <span class="muted">{note.atMs} ms</span>{' '}
                      {note.kind === 'log'
                        ? `${note.level}${note.logger ? ` ${note.logger}` : ''}: ${typeof note.data === 'string' ? note.data : JSON.stringify(note.data)}`
                        : `progress ${note.progress}${note.total !== undefined ? ` of ${note.total}` : ''}${note.message ? `: ${note.message}` : ''}`}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          )}
        </div>
        <div class="column">
          <Declarations tool={tool} />
        </div>
      </div>
    </section>
  );
}

const dialects = [
  { key: 'openapi', label: 'parameters (OpenAPI subset)' },
  { key: 'jsonSchema', label: 'parametersJsonSchema' },
] as const;

/** The declaration as the model sees it, in either Gemini dialect. */
function Declarations({ tool }: { tool: ToolInfo }) {
  const [dialect, setDialect] = useState<(typeof dialects)[number]['key']>('openapi');
  return (
    <div class="declarations">
      <h3>Declaration sent to the model</h3>
      <div class="segmented" role="tablist">
        {dialects.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={dialect === key}
            class={dialect === key ? 'chosen' : ''}
            onClick={() => setDialect(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <pre data-testid={`declaration-${dialect}`}>{pretty(tool[dialect])}</pre>
    </div>
  );
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!;
}
