import { defineConfig } from 'vite';

// The back office is its own bundle, served by the server under /admin/.
export default defineConfig({ base: '/admin/' });
