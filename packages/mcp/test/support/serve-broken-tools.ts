// A child process serving brokenToolsServer over stdio: the good tools with the broken and flawed entries among them.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { brokenTools, brokenToolsServer, duplicateTool, flawedTools, goodTools } from './broken-tools.js';

const listed = [
  goodTools[0],
  ...brokenTools.slice(0, 3),
  goodTools[1],
  ...flawedTools,
  ...brokenTools.slice(3),
  duplicateTool,
  goodTools[2],
];
await brokenToolsServer(() => listed).connect(new StdioServerTransport());
