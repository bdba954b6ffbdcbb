import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Need a PostgreSQL server (two processes sharing one, its connections cut or hung); included whenever one is configured.
    // Media from a bucket needs an S3 gateway: included whenever one is configured (CI always has one).
    exclude: [
      ...(process.env.TEST_DATABASE_URL ? [] : ['test/purchases-two-processes.test.ts', 'test/media-worker.test.ts', 'test/db-outage.test.ts', 'src/db/client.test.ts']),
      ...(process.env.TEST_S3_URL || process.env.CI ? [] : ['src/modules/media/streaming-s3.test.ts', 'test/bucket-outage.test.ts']),
      // Cuts a Redis server of its own: included whenever one is configured (CI always has one; without it there it fails).
      ...(process.env.TEST_REDIS_URL || process.env.CI ? [] : ['test/redis-outage.test.ts']),
      // Two web processes and a worker: PostgreSQL, Redis and a bucket together.
      ...((process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL && process.env.TEST_S3_URL) || process.env.CI ? [] : ['test/scale-out.test.ts']),
    ],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker runs its files one after another in one process (decision 0054): the server's modules
    // are imported and PGlite's WebAssembly compiled once per worker, not once per file. Every file
    // builds its own app and database, and none mocks a module.
    isolate: false,
    // A skipped or focused test must never pass for a green run.
    allowOnly: false,
  },
});
