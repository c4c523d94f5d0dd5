import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server listens on 8080 by default; `npm run dev` serves the console on 5173 and
// forwards /api there, so the same relative base URL works in dev and in production.
export default defineConfig(({ command }) => {
  // Vite bundles for the NODE_ENV it inherits, and a test runner's shell has "test": a build
  // from there (`npm run build`, the e2e harness under Vitest) bundled React's and antd's
  // development code. Vite reads NODE_ENV again after this file, as its docs advise; an
  // explicit NODE_ENV=development still makes a development build.
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    server: {
      port: 5173,
      proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '8080'}` },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
    },
  };
});
