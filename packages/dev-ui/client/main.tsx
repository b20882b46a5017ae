import { type ComponentChildren, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ToolsAnswer } from '../src/api-types.js';
import { getJson } from './api.js';
import { ChatView } from './chat-view.js';
import { ToolsView } from './tools-view.js';
import './styles.css';

type Tab = 'tools' | 'chat';

function App() {
  const [data, setData] = useState<ToolsAnswer | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('tools');
  useEffect(() => {
    getJson<ToolsAnswer>('/api/tools').then(
      (answer) => {
        setData(answer);
        document.title = `${answer.title} · developer UI`;
      },
      (error: Error) => setFailure(error.message),
    );
  }, []);
  if (failure) return <p class="problem">The developer UI's server did not answer: {failure}</p>;
  if (!data) return <p class="muted">Loading…</p>;
  return (
    <>
      <header class="top">
        <h1>
          {data.title} <span class="muted">developer UI</span>
        </h1>
        <div class="tabs" role="tablist">
          <TabButton tab="tools" current={tab} onChoose={setTab}>
            Tools ({data.tools.length})
          </TabButton>
          {data.chat && (
            <TabButton tab="chat" current={tab} onChoose={setTab}>
              Chat &amp; traces
            </TabButton>
          )}
        </div>
      </header>
      <main>
        {/* Both stay mounted, so a chat and a half-filled form survive a switch of tab. */}
        <div hidden={tab !== 'tools'}>
          <ToolsView tools={data.tools} problems={data.problems} />
        </div>
        {data.chat && (
          <div hidden={tab !== 'chat'}>
            <ChatView />
          </div>
        )}
      </main>
    </>
  );
}

function TabButton(props: { tab: Tab; current: Tab; onChoose: (tab: Tab) => void; children: ComponentChildren }) {
  const chosen = props.tab === props.current;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={chosen}
      class={chosen ? 'tab chosen' : 'tab'}
      onClick={() => props.onChoose(props.tab)}
    >
      {props.children}
    </button>
  );
}

render(<App />, document.getElementById('app')!);
