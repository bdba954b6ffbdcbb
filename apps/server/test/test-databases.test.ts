import { describe, expect, inject, it } from 'vitest';
import { newTestRun, testRunPrefix, testRunStart } from './helpers/engines.ts';

describe("test runs sharing one PostgreSQL keep to their own databases", () => {
  it('names a run by the minute it started, so a killed run is recognised as stale later', () => {
    const started = Date.UTC(2026, 10, 23, 2, 15, 42);
    const name = `${testRunPrefix(newTestRun(started))}3f9a0c1b2d4e`;
    expect(name).toMatch(/^store_test_[0-9a-z]+x[0-9a-f]{6}_3f9a0c1b2d4e$/);
    expect(name.length).toBeLessThanOrEqual(63); // PostgreSQL's longest name
    expect(testRunStart(name)).toBe(Date.UTC(2026, 10, 23, 2, 15));
    // Two runs started in the same minute still differ.
    expect(newTestRun(started)).not.toBe(newTestRun(started));
    // Databases named before runs had their own part (one shared template) are not any run's.
    expect(testRunStart('store_test_template')).toBeNull();
    expect(testRunStart('store_test_3f9a0c1b2d4e')).toBeNull();
  });

  it("gives this run's files the run's own part, from the global setup", () => {
    expect(testRunStart(`${testRunPrefix(inject('storeTestRun'))}template`)).toBeGreaterThan(Date.now() - 3600_000);
  });
});
