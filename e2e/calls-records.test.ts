/**
 * Template calls and session records: the call list's filters live in the URL and
 * survive a reload, and the CSV export carries exactly the filtered rows; a session's transcript
 * renders markdown and shows raw HTML and javascript: links as harmless text.
 */
import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { allFields } from '../contract/resource';
import { promptCall } from '../contract/resources/prompt-call';
import {
  buttonLabel,
  e2eDescribe,
  en,
  exactly,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  text as localeText,
  useE2E,
  zh,
  type LocaleName,
} from './harness';
import { apiCall, nextApiAnswer } from './harness/ui';

interface Page_<T> {
  list: T[];
  total: number;
}
interface ChatMessage {
  role: string;
  content: string;
}
interface RecordRow {
  id: number;
  title: string;
  messages?: ChatMessage[];
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      // the \n ends the row
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The zone the browser shows times in: the export writes its times on that clock. */
const browserZone = (page: Page) =>
  page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The header the call export writes: the list's labels, a reference's key saying it is one
 * (模板 ID, 场景编码), each time column naming the zone.
 */
function callHeader(locale: LocaleName, zone: string): string[] {
  return allFields(promptCall)
    .filter((f) => f.name !== 'version')
    .map((f) => {
      const label = localeText(`prompt-call.fields.${f.name}`, locale);
      if (f.reference) {
        const which = f.reference.key === 'id' ? 'referenceId' : 'referenceCode';
        return localeText(`table.export.header.${which}`, locale, { label });
      }
      if (f.type === 'datetime') {
        return localeText('table.export.header.zoned', locale, { label, zone });
      }
      return label;
    });
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
}

/** Column index of a list column by its (trimmed) title. */
async function columnIndex(page: Page, title: string): Promise<number> {
  const heads = (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
  const index = heads.indexOf(title);
  expect(index, `column ${title} in ${heads.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

async function columnTexts(page: Page, title: string): Promise<string[]> {
  const index = await columnIndex(page, title);
  return page
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll(
      (rows, i) =>
        rows.map((r) => (r.querySelectorAll(':scope > td')[i]?.textContent ?? '').trim()),
      index,
    );
}

const totalText = (page: Page) => page.locator('.ant-pagination-total-text').textContent();
const totalOf = (text: string | null) => Number(/(\d+)/.exec(text ?? '')?.[1] ?? NaN);

e2eDescribe('template calls and session records', () => {
  const e2e = useE2E();

  it('call list: scene and date filters stay in the URL through a reload; the CSV export has the same rows', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/prompt/call-list');
    await page.locator('.ant-table-row').first().waitFor();
    const all = totalOf(await totalText(page));
    expect(all).toBeGreaterThan(0);

    // Scene: the first scene of the pick list.
    const sceneLabel = zh('prompt-call.fields.sceneCode');
    const sceneSelect = page.getByRole('combobox', { name: sceneLabel, exact: true });
    await sceneSelect.click();
    const option = (await selectOptions(page, sceneSelect)).first();
    await option.waitFor();
    const sceneName = ((await option.textContent()) ?? '').trim();
    let listed = nextApiAnswer<Page_<{ sceneCode: string }>>(page, 'prompt/call/page');
    await option.click();
    const byScene = await listed;
    expect(byScene.code).toBe(0);
    expect(byScene.data.total).toBeGreaterThan(0);
    const sceneCode = byScene.data.list[0]?.sceneCode ?? '';
    expect(sceneCode).not.toBe('');
    expect(byScene.data.list.every((c) => c.sceneCode === sceneCode)).toBe(true);

    // Call time: from 20 days ago to 5 days ago, typed into the range picker.
    const from = dayjs().subtract(20, 'day').format('YYYY-MM-DD');
    const to = dayjs().subtract(5, 'day').format('YYYY-MM-DD');
    const range = page.locator('.ant-picker-range').filter({
      has: page.locator(
        `input[placeholder="${zh('table.rangeFrom', { field: zh('prompt-call.fields.callTime') })}"]`,
      ),
    });
    const [fromInput, toInput] = [range.locator('input').first(), range.locator('input').nth(1)];
    await fromInput.click();
    await fromInput.fill(from);
    await fromInput.press('Enter');
    await toInput.fill(to);
    listed = nextApiAnswer(page, 'prompt/call/page');
    await toInput.press('Enter');
    const byBoth = await listed;
    expect(byBoth.code).toBe(0);
    const total = byBoth.data.total;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(byScene.data.total);

    const checkRows = async () => {
      await expect.poll(async () => totalOf(await totalText(page))).toBe(total);
      const scenes = await columnTexts(page, sceneLabel);
      expect(scenes.length).toBeGreaterThan(0);
      for (const s of scenes) expect(s).toContain(sceneCode);
      for (const time of await columnTexts(page, zh('prompt-call.fields.callTime'))) {
        expect(time.slice(0, 10) >= from && time.slice(0, 10) <= to, time).toBe(true);
      }
    };
    await checkRows();

    // The URL keeps the filters; a reload applies them again and the controls show them.
    const url = new URL(page.url());
    expect(url.search).toContain(encodeURIComponent(sceneCode));
    expect(decodeURIComponent(url.search)).toMatch(/callTime/);
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(page.url()).toBe(url.toString());
    await checkRows();
    await expect
      .poll(() =>
        page
          .locator('.ant-select')
          .filter({ has: page.getByRole('combobox', { name: sceneLabel, exact: true }) })
          .locator('.ant-select-selection-item')
          .textContent(),
      )
      .toBe(sceneName);
    expect(await fromInput.inputValue()).toBe(from);
    expect(await toInput.inputValue()).toBe(to);

    // Export: the file has the header of the call's fields and the filtered rows only.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: zh('buttons.export') }).click();
    const file = readFileSync(await (await download).path(), 'utf8');
    expect(file.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(file.slice(1)).filter((r) => r.some((c) => c !== ''));
    const zone = await browserZone(page);
    const expected = callHeader('zh-CN', zone);
    expect(header).toEqual(expected);
    // No two columns share a header: an id and its name, a code and its name, are told apart.
    expect(new Set(header).size).toBe(header!.length);
    for (const h of ['模板 ID', '模板', '场景编码', '场景']) expect(header).toContain(h);
    expect(rows.length).toBe(total);
    const sceneColumn = header?.indexOf('场景编码') ?? -1;
    const timeColumn = header?.indexOf(`${zh('prompt-call.fields.callTime')}（${zone}）`) ?? -1;
    expect(timeColumn).toBeGreaterThanOrEqual(0);
    expect(sceneColumn).toBeGreaterThanOrEqual(0);
    for (const row of rows) {
      expect(row.length).toBe(expected.length);
      expect(row[sceneColumn]).toBe(sceneCode);
      // As a spreadsheet reads a time, on the browser's clock (dayjs parses local time).
      expect(row[timeColumn]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const at = dayjs(row[timeColumn]);
      expect(at.isValid()).toBe(true);
      expect(!at.isBefore(dayjs(from).startOf('day')) && !at.isAfter(dayjs(to).endOf('day'))).toBe(
        true,
      );
    }
  });

  it('in English the export speaks English: header labels and enum cells', async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    await signIn(page);
    await gotoApp(page, '/prompt/call-list');
    await page.locator('.ant-table-row').first().waitFor();
    // Rated bad, and within the last 3 days: a small slice.
    const label = en('prompt-call.fields.assessment');
    const assessment = page.getByRole('combobox', { name: label, exact: true });
    await assessment.click();
    await (
      await selectOptions(page, assessment)
    )
      .filter({ hasText: en('prompt-call.enums.assessment.2') })
      .click();
    const range = page.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(dayjs().subtract(3, 'day').format('YYYY-MM-DD'));
    await range.locator('input').first().press('Enter');
    await range.locator('input').nth(1).fill(dayjs().format('YYYY-MM-DD'));
    const listed = nextApiAnswer<Page_<unknown>>(page, 'prompt/call/page');
    await range.locator('input').nth(1).press('Enter');
    const total = (await listed).data.total;
    expect(total).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en('buttons.export') }).click();
    const [header, ...rows] = parseCsv(
      readFileSync(await (await download).path(), 'utf8').slice(1),
    ).filter((r) => r.some((c) => c !== ''));
    expect(header).toEqual(callHeader('en-US', await browserZone(page)));
    expect(new Set(header).size).toBe(header!.length);
    for (const h of ['Template ID', 'Template', 'Scene code', 'Scene']) expect(header).toContain(h);
    expect(rows.length).toBe(total);
    const column = header?.indexOf(label) ?? -1;
    for (const row of rows) expect(row[column]).toBe(en('prompt-call.enums.assessment.2'));
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: an export that takes more than a second shows the rows so far and can be cancelled`, async () => {
      const { page, context } = e2e;
      const tr = (key: string) => localeText(key, locale);
      if (locale === 'en-US') await setLocale(context, 'en-US');
      await signIn(page);
      await gotoApp(page, '/prompt/call-list');
      await page.locator('.ant-table-row').first().waitFor();

      // A slow line: every call of the demo takes far more than a second to arrive.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 48 * 1024,
        uploadThroughput: -1,
      });
      const downloads: unknown[] = [];
      page.on('download', (d) => downloads.push(d));
      const aborted = page.waitForEvent('requestfailed', {
        predicate: (r) => new URL(r.url()).pathname === '/api/manage/v1/prompt/call/export',
        timeout: 60_000,
      });
      await page.getByRole('button', { name: tr('buttons.export') }).click();

      const progress = page.getByTestId('export-progress');
      await progress.waitFor();
      const rowsSoFar = async () =>
        Number(((await progress.getByRole('status').textContent()) ?? '').replace(/\D/g, ''));
      await expect.poll(rowsSoFar, { timeout: 30_000 }).toBeGreaterThan(0);
      const seen = await rowsSoFar();
      await expect.poll(rowsSoFar, { timeout: 30_000 }).toBeGreaterThan(seen);

      await progress.getByRole('button', { name: buttonLabel(tr('table.export.cancel')) }).click();
      const failed = await aborted;
      expect(failed.failure()?.errorText).toMatch(/ABORTED/i);
      await page.getByText(tr('table.export.cancelled')).waitFor();
      await progress.waitFor({ state: 'hidden' });
      expect(downloads).toHaveLength(0);
      // The button works again: nothing of the cancelled export is left running.
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: tr('buttons.export') })
            .evaluate((b) => b.classList.contains('ant-btn-loading')),
        )
        .toBe(false);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    });
  }

  it('session list: both times show, the default order on its header; a click sorts by one column', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/record/list');
    await page.locator('.ant-table-row').first().waitFor();
    const header = (key: string) =>
      page.locator('.ant-table-thead th').filter({ hasText: exactly(zh(key)) });
    // Spec §2's columns include createdAt beside modifiedAt; the list sorts by the latter.
    expect(await header('record.fields.createdAt').count()).toBe(1);
    expect(await header('record.fields.modifiedAt').getAttribute('aria-sort')).toBe('descending');
    const last = await columnTexts(page, zh('record.fields.modifiedAt'));
    expect(last.length).toBeGreaterThan(1);
    expect([...last].sort().reverse()).toEqual(last);

    // One click: by start time, oldest first, and no other column still sorting.
    await header('record.fields.createdAt').click();
    await expect
      .poll(() => header('record.fields.createdAt').getAttribute('aria-sort'))
      .toBe('ascending');
    expect(await header('record.fields.modifiedAt').getAttribute('aria-sort')).toBeNull();
    await expect
      .poll(async () => {
        const started = await columnTexts(page, zh('record.fields.createdAt'));
        return started.length > 1 && [...started].sort().join() === started.join();
      })
      .toBe(true);
    const url = decodeURIComponent(page.url());
    expect(url).toContain('sorters[0][field]=createdAt');
    expect(url).not.toContain('sorters[1]');
  });

  it('session list: a chat ID shows its first characters and copies whole; the call list bounds its long texts', async () => {
    const { page } = e2e;
    await signIn(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(page.url()).origin,
    });
    await gotoApp(page, '/record/list');
    await page.locator('.ant-table-row').first().waitFor();
    const chatIds = await columnTexts(page, zh('record.fields.chatId'));
    expect(chatIds.length).toBeGreaterThan(1);
    for (const shown of chatIds) expect(shown).toMatch(/^[0-9a-f]{8}…$/);
    const first = page.locator('.ant-table-row').first();
    const whole = await first.locator('[data-short-id]').getAttribute('data-short-id');
    expect(whole).toMatch(/^[0-9a-f]{32}$/);
    expect(whole!.slice(0, 8) + '…').toBe(chatIds[0]);
    await first
      .getByRole('button', { name: zh('common.copyValue', { name: zh('record.fields.chatId') }) })
      .click();
    await page.getByText(zh('common.copied', { value: whole! })).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(whole);

    // A question or an answer takes two lines of a bounded column, not one line as long as itself.
    await gotoApp(page, '/prompt/call-list');
    await page.locator('.ant-table-row').first().waitFor();
    for (const key of ['prompt-call.fields.question', 'prompt-call.fields.answer']) {
      const head = page.locator('.ant-table-thead th').filter({ hasText: exactly(zh(key)) });
      const box = await head.boundingBox();
      expect(box?.width, key).toBeLessThanOrEqual(290);
    }
  });

  it('a transcript renders markdown, and shows <script> and javascript: links as harmless text', async () => {
    const { page } = e2e;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page);
    await gotoApp(page, '/record/list');
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    await rows
      .first()
      .getByRole('button', { name: zh('buttons.show'), exact: true })
      .click();
    await page.waitForURL((u) => u.pathname === '/record/detail' && u.searchParams.has('id'));
    const transcript = page.getByRole('log', { name: zh('record.transcript.label') });
    await transcript.waitFor();
    // Markdown is rendered: bold text and lists in the assistant's answers, no raw ** left.
    const assistant = transcript.locator('article[data-role=assistant]');
    expect(await assistant.count()).toBeGreaterThan(0);
    await assistant.locator('strong').first().waitFor();
    await assistant.locator('ol > li, ul > li').first().waitFor();
    expect(await assistant.first().locator('.safe-markdown').textContent()).not.toContain('**');

    // A session with <script> in its messages: by keyword, else among the newest sessions.
    let target: RecordRow | undefined;
    const byKeyword = await apiCall<Page_<RecordRow>>(page, 'record/page', {
      current: 1,
      pageSize: 20,
      keyword: 'script',
    });
    const candidates = [...(byKeyword.data?.list ?? [])];
    const newest = await apiCall<Page_<RecordRow>>(page, 'record/page', {
      current: 1,
      pageSize: 100,
      sorters: [{ field: 'modifiedAt', order: 'desc' }],
    });
    candidates.push(...newest.data.list);
    for (const c of candidates) {
      const detail = await apiCall<RecordRow>(page, 'record/detail', { id: c.id });
      const messages = detail.data.messages ?? [];
      if (!messages.some((m) => m.content.includes('<script>'))) continue;
      target ??= detail.data;
      // Best: one that also has a javascript: link.
      if (messages.some((m) => m.content.includes('](javascript:'))) {
        target = detail.data;
        break;
      }
    }
    expect(target, 'a session whose messages hold <script>').toBeDefined();
    const record = target!;

    await gotoApp(page, `/record/detail?id=${record.id}`);
    await transcript.waitFor();
    await expect.poll(() => transcript.locator('article').count()).toBe(record.messages!.length);
    // The literal text is shown; nothing ran, no script element came from the messages.
    await transcript.getByText('<script>alert(1)</script>').first().waitFor();
    expect(await transcript.locator('script').count()).toBe(0);
    // No javascript: link anywhere in the transcript (the link text stays, its href is emptied).
    const hrefs = await transcript
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href.trim().toLowerCase()).not.toMatch(/^javascript:/);
    const unsafeLink = record.messages!.find((m) => m.content.includes('](javascript:'));
    console.info(
      `[e2e] transcript checks on session ${record.id}; javascript: link: ${!!unsafeLink}`,
    );
    if (unsafeLink) {
      const text = /\[([^\]]+)\]\(javascript:/.exec(unsafeLink.content)?.[1] ?? '';
      const link = transcript.locator('a', { hasText: text });
      await link.first().waitFor();
      expect(await link.first().getAttribute('href')).not.toMatch(/javascript:/i);
    }
    // Nothing ran: no alert opened, no error thrown.
    expect(dialogs).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
