// fs-tools' FileTools as an MCP server on stdio: list_files, read_file and write_file, confined to one folder.
// Any MCP host (Claude Desktop, Cursor, an IDE, another agent) can spawn it; see README.md for the host config.
import { createFileToolbox } from '@toolwright/fs-tools';
import { serveMcp } from '@toolwright/mcp';

const root = process.argv[2] ?? process.cwd();
const toolbox = createFileToolbox(root);
const served = await serveMcp(toolbox, {
  transport: 'stdio',
  info: { name: 'toolwright-files', version: '0.1.0' },
  instructions: `File tools confined to ${root}: list_files, read_file, write_file. Paths are relative to that folder.`,
});
// stdout belongs to the protocol: anything for people goes to stderr.
console.error(`toolwright-files: serving ${root} on stdio`);
await served.closed;
