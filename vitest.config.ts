import { defineConfig } from 'vitest/config';

// One run over every workspace, so CI reads one summary line.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/daraja-sim', 'packages/etims-sim', 'packages/auth-client', 'apps/server', 'apps/web', 'apps/admin', 'e2e'],
    reporters: ['default', './test/strict-reporter.ts'],
  },
});
