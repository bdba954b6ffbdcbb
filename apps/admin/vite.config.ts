import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The back office is its own bundle, served by the server under /admin/; nothing of it reaches the storefront.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
