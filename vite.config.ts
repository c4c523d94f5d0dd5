import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server listens on 8080 by default; `npm run dev` serves the console on 5173 and
// forwards /api there, so the same relative base URL works in dev and in production.
export default defineConfig({
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
});
