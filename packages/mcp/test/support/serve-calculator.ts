// A child process serving the Calculator: `stdio [maxMessageBytes]`, or `http [stateless]` (prints the URL on its
// first stdout line).
import { Toolbox } from '@toolwright/core';
import { serveMcp } from '@toolwright/mcp';
import { Calculator, manifest } from './calculator.js';

const toolbox = new Toolbox([new Calculator()], manifest);
const [mode, flag] = process.argv.slice(2);
if (mode === 'http') {
  const served = await serveMcp(toolbox, { transport: 'http', port: 0, sessions: flag !== 'stateless' });
  process.stdout.write(`${served.url}\n`);
} else {
  const info = { name: 'calculator', version: '1.0.0' };
  const served = await serveMcp(toolbox, {
    transport: 'stdio',
    info,
    ...(flag !== undefined ? { maxMessageBytes: Number(flag) } : {}),
  });
  await served.closed;
}
