import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'auth-client', include: ['src/**/*.test.ts'], allowOnly: false } });
