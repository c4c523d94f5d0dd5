import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Without this, Vitest loads refine's copy of react-router beside ours.
          server: { deps: { inline: [/@refinedev\//] } },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'mock/**/*.test.ts',
            'sdk/**/*.test.ts',
          ],
          testTimeout: 30_000,
          // Opening and seeding a PGlite database takes ~10 s alone, minutes on a busy machine.
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page waits on a real server (PGlite, a busy CI machine): polls get seconds, not 1 s.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
