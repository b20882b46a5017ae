// Prints the closing line CI reads, `N passed, N failed[, N skipped]`, from vitest's JSON report.
// A suite that failed to load counts as a failure, so a broken file cannot hide behind a green count.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-results.json';
if (!existsSync(file)) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const brokenSuites = report.testResults.filter(
  (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
).length;
const passed = report.numPassedTests;
const failed = report.numFailedTests + brokenSuites;
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
