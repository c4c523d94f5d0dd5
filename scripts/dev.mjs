// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
// Vite forwards /api to the API server (vite.config.ts), so open http://localhost:5173.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = process.cwd();
const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, STATIC_DIR: process.env.STATIC_DIR ?? 'dist' },
    },
  ),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
