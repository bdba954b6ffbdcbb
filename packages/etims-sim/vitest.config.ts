import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'etims-sim', include: ['src/**/*.test.ts'], allowOnly: false } });
