// The line reader under both stdio transports (BoundedLines), and what it reads off a dropped line's edges
// (line-shape): the bound exactly at its edge, a stream cut at every place and at random places, carriage returns,
// characters of several bytes cut between chunks, and the ids both SDKs write.
import { describe, expect, it } from 'vitest';
import { BoundedLines, EDGE_BYTES, type DroppedLine } from '../src/stdio/bounded-lines.js';
import { idAtEdges, kindAtHead } from '../src/stdio/line-shape.js';

type Seen = { line: string } | { overflow: string } | { dropped: DroppedLine };

/** What was seen, with the head an overflow reports cut to what had arrived by then (it depends on the cuts). */
const comparable = (seen: Seen[]) => seen.map((entry) => ('overflow' in entry ? { overflow: true } : entry));

function reader(maxBytes: number) {
  const seen: Seen[] = [];
  const lines = new BoundedLines(maxBytes, {
    line: (bytes) => seen.push({ line: bytes.toString('utf8') }),
    overflow: (head) => seen.push({ overflow: head }),
    dropped: (line) => seen.push({ dropped: line }),
  });
  return { lines, seen };
}

/** Feeds `text` cut at the given places. */
function feed(lines: BoundedLines, text: Buffer, cuts: number[]): void {
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    lines.push(text.subarray(from, cut));
    from = cut;
  }
}

describe('BoundedLines', () => {
  it('passes a line of exactly maxBytes and drops a line one byte longer', () => {
    const { lines, seen } = reader(10);
    lines.push(Buffer.from('0123456789\n0123456789A\nok\n'));
    expect(seen).toEqual([
      { line: '0123456789' },
      { overflow: '0123456789A' },
      { dropped: { head: '0123456789A', tail: '0123456789A', bytes: 11 } },
      { line: 'ok' },
    ]);
  });

  it('reads the same lines and drops the same ones wherever the stream is cut', () => {
    const text = Buffer.from('{"a":"é€😀"}\r\n\n{"big":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}\n{"b":2}\n');
    const whole = reader(20);
    whole.lines.push(text);
    expect(whole.seen.map((entry) => ('line' in entry ? entry.line : Object.keys(entry)[0]))).toEqual([
      '{"a":"é€😀"}\r',
      '',
      'overflow',
      'dropped',
      '{"b":2}',
    ]);
    // At every single place, and at random places many times (a character of several bytes gets cut too).
    const cuttings = [...Array.from({ length: text.length - 1 }, (_, at) => [at + 1])];
    for (let round = 0; round < 200; round++) {
      const cuts = Array.from({ length: 1 + (round % 9) }, () => Math.floor(Math.random() * text.length));
      cuttings.push([...new Set(cuts)].sort((a, b) => a - b));
    }
    cuttings.push(Array.from({ length: text.length - 1 }, (_, at) => at + 1)); // one byte at a time
    for (const cuts of cuttings) {
      const cut = reader(20);
      feed(cut.lines, text, cuts);
      expect(comparable(cut.seen)).toEqual(comparable(whole.seen));
    }
  });

  it('keeps only the edges of a line that goes on, and says where the stream stopped inside it', () => {
    const { lines, seen } = reader(1024);
    lines.push(Buffer.from('{"result":{"text":"'));
    for (let chunk = 0; chunk < 1000; chunk++) lines.push(Buffer.alloc(4096, 'x'));
    lines.push(Buffer.from('"},"jsonrpc":"2.0","id":7}'));
    expect(seen).toHaveLength(1);
    expect(lines.midLine).toBe(true);
    const dropping = lines.dropping!;
    expect(dropping.bytes).toBe(19 + 1000 * 4096 + 26);
    expect(dropping.head).toHaveLength(EDGE_BYTES);
    expect(dropping.tail).toHaveLength(EDGE_BYTES);
    expect(dropping.tail.endsWith('"},"jsonrpc":"2.0","id":7}')).toBe(true);
    lines.push(Buffer.from('\n{}\n'));
    expect(lines.midLine).toBe(false);
    expect(seen.at(-1)).toEqual({ line: '{}' });
  });
});

describe('what the edges of a dropped line say', () => {
  it('reads the id and the kind as the TypeScript and Python SDKs write them', () => {
    const ts = { head: '{"result":{"content":[{"type":"text","text":"xxx', tail: 'xxx"}]},"jsonrpc":"2.0","id":12}' };
    expect([kindAtHead(ts.head), idAtEdges(ts.head), idAtEdges(ts.head, ts.tail)]).toEqual(['response', undefined, 12]);
    const py = { head: '{"jsonrpc":"2.0","id":"call-3","result":{"content":', tail: 'xxx"}]}}' };
    expect([kindAtHead(py.head), idAtEdges(py.head), idAtEdges(py.head, py.tail)]).toEqual([
      'response',
      'call-3',
      'call-3',
    ]);
    const request = {
      head: '{"method":"tools/call","params":{"name":"a","arguments":{"x":"',
      tail: '"}},"jsonrpc":"2.0","id":4}\r',
    };
    expect([kindAtHead(request.head), idAtEdges(request.head, request.tail)]).toEqual(['message', 4]);
    const pyRequest = '{"jsonrpc":"2.0","id":5,"method":"ping","params":{"pad":"';
    expect([kindAtHead(pyRequest), idAtEdges(pyRequest)]).toEqual(['message', 5]);
  });

  it('names no id where the edges do not hold one at the message level', () => {
    expect(kindAtHead('xxxxxxxx')).toBe('unknown');
    expect(idAtEdges('{"params":{"a":"', 'xxx"}}')).toBeUndefined();
    // An id inside the content, not the message's own.
    expect(idAtEdges('{"result":{"', 'yy","nested":{"id":9}}}')).toBeUndefined();
    expect(idAtEdges('{"result":{"', '"jsonrpc":"2.0","id":{"a":1}}')).toBeUndefined();
  });
});
