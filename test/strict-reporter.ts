import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line for CI ('Tests: N passed, N failed, N skipped') and fails the run
 * when any test was skipped or left as a todo: a skipped test is never counted as a pass.
 */
export default class StrictReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    if (skipped > 0) {
      console.error(`${skipped} test(s) were skipped or left as todo: that fails the run.`);
      process.exitCode = 1;
    }
  }
}
