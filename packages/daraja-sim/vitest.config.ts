import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'daraja-sim', include: ['src/**/*.test.ts'], allowOnly: false } });
