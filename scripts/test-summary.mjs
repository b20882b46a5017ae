// Prints the closing line CI reads, `N passed, N failed[, N skipped]`, summed over vitest JSON reports and CI steps,
// and before it what was skipped and why: each skipped test's reason (test/support/skip-unless.ts puts it in the
// report), by report and file.
//   node scripts/test-summary.mjs [--step <name>=pass|fail ...] [report.json ...]   (default .vitest-results.json)
// A report that is missing (its run crashed) and a suite that failed to load each count as a failure, so a broken
// run cannot hide behind a green count. A step (the typecheck, the lint) counts as one test.
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

const args = process.argv.slice(2);
const reports = [];
const steps = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--step') steps.push(args[++i] ?? '');
  else reports.push(args[i]);
}
if (reports.length === 0) reports.push('.vitest-results.json');

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
// "report: file: reason" -> how many tests.
const reasons = new Map();
for (const step of steps) {
  const [name, outcome] = step.split('=');
  if (outcome === 'pass') passed++;
  else {
    failed++;
    problems.push(`step ${name} failed`);
  }
}
for (const file of reports) {
  if (!existsSync(file)) {
    failed++;
    problems.push(`${file} is missing: that run did not finish`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const brokenSuites = report.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  );
  for (const suite of brokenSuites) problems.push(`${relative(process.cwd(), suite.name)} did not load`);
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenSuites.length;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      if (!['skipped', 'pending', 'todo'].includes(test.status)) continue;
      const why = test.meta?.skipReason ?? (test.status === 'todo' ? 'a todo' : 'no reason given');
      const where = reports.length > 1 ? `${basename(file)}: ` : '';
      const key = `${where}${relative(process.cwd(), suite.name)}: ${why}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
}
for (const problem of problems) console.log(problem);
if (reasons.size) {
  console.log('Skipped:');
  for (const [key, count] of reasons) console.log(`  ${count} in ${key}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
