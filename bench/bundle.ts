// Measures what the login page downloads: starts a static server over dist/, opens /login in
// Chromium, waits for the network to settle, and sums the gzip size of every JS and CSS
// response. Prints one line per file and the total; exits 1 over the budget.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/chromium';
import { productionBuildProblem } from '../e2e/harness/build';

const BUDGET = Number(process.env.BUNDLE_BUDGET_BYTES ?? 250_000);
const dist = join(process.cwd(), 'dist');
// Missing, or React's development build: bigger, and not what operators download.
const problem = productionBuildProblem(dist);
if (problem) {
  console.error(`${problem}: run \`npm run build\` first`);
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
const gzOf = (path: string) => gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
let total = 0;
const rows = [...new Set(files)].map((path) => {
  const body = readFileSync(join(dist, path));
  const gz = gzOf(path);
  total += gz;
  return { path, raw: body.length, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows)
  console.log(`${String(r.gz).padStart(8)} B gz  ${String(r.raw).padStart(8)} B raw  ${r.path}`);
console.log(
  `login page JS+CSS: ${rows.length} files, ${total} B gzip (${(total / 1000).toFixed(1)} kB), budget ${BUDGET / 1000} kB`,
);
if (!process.argv.includes('--login-only')) await measureRoutes(new Set(files));
process.exit(total <= BUDGET ? 0 : 1);

/**
 * What each console route adds after login, navigating inside the app as an operator does
 * (the shell first, then one page after another): proves the chart library stays out of the
 * list pages and loads only with the pages that draw charts. Needs the real server.
 */
async function measureRoutes(loaded: Set<string>): Promise<void> {
  const { startServer } = await import('../e2e/harness/server');
  const { login } = await import('../e2e/harness/login');
  const server = await startServer();
  const chromium = await launchChromium();
  try {
    const context = await chromium.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (/\.(js|css)$/.test(path)) fetched.push(path);
    });
    // A deep link while logged out: login, then back to the scene list (not the workplace,
    // whose trend chart would bring the chart library in first).
    await page.goto('/scene/list');
    // The shell sends the visit to /login?redirect=scene.list once it has loaded; logging in
    // before that would start from a bare /login and land on the workplace.
    await page.locator('#login_userName').waitFor();
    await login(page, 'user', 'user');
    const routes = [
      '/scene/list',
      '/prompt/call-list',
      '/record/list',
      '/dashboard/workplace',
      '/scene/statistics',
      '/samples/content-analysis',
      '/samples/policy-list',
    ];
    console.log('\nroute (in-app navigation after login): JS+CSS it adds, gzip');
    const report = (name: string) => {
      const added = [...new Set(fetched)].filter((f) => !loaded.has(f));
      for (const f of added) loaded.add(f);
      const bytes = added.reduce((a, f) => a + gzOf(f), 0);
      // The chart library's chunks by their own names: `actions-column-*.js` (the list's actions
      // column) is not one, and matched a looser pattern.
      const charts = added.some((f) => /\/(plots|Plot|column)-[\w-]+\.js$/.test(f))
        ? '  (chart library)'
        : '';
      console.log(
        `${(bytes / 1000).toFixed(1).padStart(8)} kB  ${String(added.length).padStart(3)} files  ${name}${charts}`,
      );
      fetched.length = 0;
    };
    await page.locator('[data-testid=side-menu]').first().waitFor();
    await page.waitForLoadState('networkidle');
    report('shell + /scene/list');
    for (const route of routes.slice(1)) {
      await page.evaluate((path) => {
        history.pushState({}, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await page.waitForTimeout(2500);
      report(route);
    }
  } finally {
    await chromium.close();
    await server.stop();
  }
}
