import { describe, expect, it } from 'vitest';
import { defineTool, Toolbox } from '@toolwright/core';

const named = (name: string) =>
  defineTool({ name, description: name, parameters: { type: 'object', properties: {} }, handler: () => name });

describe('Toolbox.onToolsChanged', () => {
  it('hears each add and remove that changed the tools, not a failed add or a remove of nothing', () => {
    const toolbox = new Toolbox([named('a')]);
    let heard = 0;
    const stop = toolbox.onToolsChanged(() => heard++);
    toolbox.add(named('b'));
    expect(heard).toBe(1);
    expect(() => toolbox.add(named('a'))).toThrow(/Two tools are named "a"/);
    expect(toolbox.remove('missing')).toBe(0);
    expect(heard).toBe(1);
    expect(toolbox.remove('b')).toBe(1);
    expect(heard).toBe(2);
    stop();
    toolbox.add(named('c'));
    expect(heard).toBe(2);
  });

  it('a listener that throws neither fails the change nor keeps the others from hearing it', () => {
    const toolbox = new Toolbox([]);
    let heard = 0;
    toolbox.onToolsChanged(() => {
      throw new Error('listener broke');
    });
    toolbox.onToolsChanged(() => heard++);
    expect(toolbox.add(named('a')).map((tool) => tool.name)).toEqual(['a']);
    expect(heard).toBe(1);
    expect(toolbox.has('a')).toBe(true);
  });
});
