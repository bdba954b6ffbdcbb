import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Node by default; component tests ask for jsdom in their first line.
export default defineProject({ plugins: [react()], test: { name: 'admin', include: ['src/**/*.test.{ts,tsx}'], allowOnly: false } });
