// Preloaded into a measured process (node --require): on exit, writes its peak resident memory in kB to the file
// named by TOOLWRIGHT_RSS_FILE, so a benchmark can compare tools that run as separate programs.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (process.env.TOOLWRIGHT_RSS_FILE)
    writeFileSync(process.env.TOOLWRIGHT_RSS_FILE, String(process.resourceUsage().maxRSS));
});
