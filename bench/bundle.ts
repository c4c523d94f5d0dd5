// Measures what the login page downloads: starts a static server over dist/, opens /login in
// Chromium, waits for the network to settle, and sums the gzip size of every JS and CSS
// response. Prints one line per file and the total; exits 1 over the budget.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/chromium';

const BUDGET = Number(process.env.BUNDLE_BUDGET_BYTES ?? 250_000);
const dist = join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/index.html missing: run `npm run build` first');
  process.exit(2);
}
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let file = normalize(join(dist, decodeURIComponent(url.pathname)));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    file = join(dist, 'index.html');
  }
  res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  createReadStream(file).pipe(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await launchChromium();
const files: string[] = [];
try {
  const page = await browser.newPage();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(path)) files.push(path);
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  await page.waitForSelector('form#login', { timeout: 15_000 });
} finally {
  await browser.close();
  server.close();
}
let total = 0;
const rows = [...new Set(files)].map((path) => {
  const body = readFileSync(join(dist, path));
  const gz = gzipSync(body, { level: 9 }).length;
  total += gz;
  return { path, raw: body.length, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows)
  console.log(`${String(r.gz).padStart(8)} B gz  ${String(r.raw).padStart(8)} B raw  ${r.path}`);
console.log(
  `login page JS+CSS: ${rows.length} files, ${total} B gzip (${(total / 1000).toFixed(1)} kB), budget ${BUDGET / 1000} kB`,
);
process.exit(total <= BUDGET ? 0 : 1);
