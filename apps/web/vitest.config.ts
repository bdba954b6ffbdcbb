import react from '@vitejs/plugin-react';
import { messageCatalogs } from './vite-catalogs.ts';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react(), messageCatalogs()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    allowOnly: false,
  },
});
