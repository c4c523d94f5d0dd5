/**
 * The scene, template, call and session screens speak the chosen language (spec §9): in English
 * no Chinese is left in their labels (titles, buttons, column titles, tabs, placeholders, empty
 * texts), and in Chinese they show the Chinese texts. Data is left out: the demo is Chinese.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eDescribe, gotoApp, login, setLocale, text, useE2E, type LocaleName } from './harness';
import { apiCall } from './harness/ui';

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;

/** Where the chrome is. */
const CHROME = [
  '.ant-card-head-title',
  '.ant-table-thead th',
  '.ant-table-title',
  '.ant-form-item-label',
  'button',
  '.ant-tabs-tab',
  '.ant-descriptions-item-label',
  '.ant-empty-description',
  '.ant-table-placeholder',
  '.ant-statistic-title',
  '.ant-segmented-item-label',
  '.ant-select-selection-placeholder',
  '.ant-pagination-total-text',
  '.ant-pagination-options',
  '.ant-alert-message',
  '.ant-typography h5, h5.ant-typography',
  '.scene-card__label',
  '.scene-card__time',
  '.scene-card .ant-card-extra',
  '.scene-detail__bind label',
  '.transcript__meta',
  '[data-testid=side-menu] .ant-menu-title-content',
  '.ant-breadcrumb',
].join(', ');

/** Data inside the chrome's places: demo content, left out. */
const DATA = [
  '.ant-table-row',
  // The user's name, and the locale switch (it names the other language in that language).
  '[data-testid=user-menu]',
  '[data-testid=locale-switch]',
  '.transcript__bubble',
  '.scene-card .ant-card-head-title',
  '.scene-card__description',
  '.prompt-preview',
  // A preview control is named after its variable ("Sample value for <name>").
  '.prompt-preview__field',
  '.prompt-template',
  '.prompt-diff__table tbody',
  '.ant-select-selection-item',
].join(', ');

/** Texts of the page's visible chrome (detail titles without the record's name). */
async function chromeTexts(page: Page, rowChrome?: string): Promise<string[]> {
  return page.evaluate(
    ({ chrome, data, rowChrome }) => {
      const out: string[] = [];
      // Cells that show labels, not data (e.g. status and review badges).
      for (const el of rowChrome ? document.querySelectorAll(rowChrome) : []) {
        if ((el.textContent ?? '').trim()) out.push((el.textContent ?? '').trim());
      }
      const visible = (el: Element) => (el as HTMLElement).getClientRects().length > 0;
      for (const el of document.querySelectorAll(chrome)) {
        if (!visible(el)) continue;
        if (el.closest(data)) continue;
        const text = el.textContent ?? '';
        if (el.matches('.ant-card-head-title') && text.includes(' · ')) {
          // "Scene detail · <name>", and the badges after the name.
          out.push((text.split(' · ')[0] ?? '').trim());
          for (const tag of el.querySelectorAll('.ant-tag'))
            out.push((tag.textContent ?? '').trim());
          continue;
        }
        if (text.trim()) out.push(text.trim());
      }
      // Placeholders and the names of icon buttons are read too.
      for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
        if (!visible(el) || el.closest(data)) continue;
        const p = el.getAttribute('placeholder') ?? '';
        if (p.trim()) out.push(p.trim());
      }
      for (const el of document.querySelectorAll(
        'button[aria-label], [role=combobox][aria-label]',
      )) {
        if (!visible(el) || el.closest(data)) continue;
        out.push((el.getAttribute('aria-label') ?? '').trim());
      }
      return out;
    },
    { chrome: CHROME, data: DATA, rowChrome },
  );
}

/** The page has loaded: no skeleton or spinner, the network quiet. */
async function settled(page: Page): Promise<void> {
  await page.locator('.ant-card-head-title').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.ant-skeleton:visible, .ant-spin-spinning:visible').count())
    .toBe(0);
}

interface Screen {
  path: string;
  /** Locale keys the chrome must show (exactly, spaces aside). */
  keys: string[];
  /** Elements inside the rows that show labels (left out otherwise as data). */
  rowChrome?: string;
  /** After the first look: e.g. open another tab, then look again. */
  then?: { click: string; keys: string[] };
}

interface Ids {
  scene: number;
  template: number;
  call: number;
  record: number;
}

async function firstId(page: Page, path: string, body: Record<string, unknown> = {}) {
  const answer = await apiCall<{ list: { id: number }[] }>(page, path, {
    current: 1,
    pageSize: 1,
    ...body,
  });
  const id = answer.data?.list?.[0]?.id;
  expect(id, `an id from ${path}`).toBeDefined();
  return id!;
}

function screens(ids: Ids): Screen[] {
  return [
    {
      path: '/scene/list',
      keys: [
        'scene.menu.list',
        'scene.display.card',
        'scene.display.table',
        'buttons.create',
        'table.keyword',
      ],
    },
    {
      path: `/scene/detail?id=${ids.scene}`,
      keys: [
        'scene.menu.detail',
        'scene.fields.sceneCode',
        'scene.template.title',
        'scene.template.select',
        'scene.summary.title',
        'scene.summary.calls',
        'scene.summary.recentRecords',
        'scene.summary.recentCalls',
      ],
    },
    {
      path: '/prompt/list-public',
      keys: [
        'prompt.menu.list-public',
        'prompt.fields.title',
        'prompt.enums.status.1',
        'buttons.export',
        'table.keyword',
      ],
      rowChrome: '.ant-table-row .ant-tag',
    },
    {
      path: '/prompt/list',
      keys: ['prompt.menu.list', 'prompt.fields.title', 'buttons.create'],
      rowChrome: '.ant-table-row .ant-tag',
    },
    {
      path: '/prompt/add',
      keys: [
        'prompt.menu.add',
        'prompt.fields.title',
        'prompt.fields.content',
        'prompt.fields.note',
        'prompt.variables.add',
        'prompt.variables.empty',
        'prompt.preview.title',
        'buttons.save',
      ],
    },
    {
      path: `/prompt/detail-public?id=${ids.template}`,
      keys: [
        'prompt.menu.detail-public',
        'prompt.detail.tabs.template',
        'prompt.detail.tabs.history',
        'prompt.detail.tabs.review',
        'prompt.fields.sceneName',
        'prompt.preview.title',
        'buttons.edit',
      ],
      then: {
        click: 'prompt.detail.tabs.history',
        keys: ['prompt.history.number', 'prompt.history.state', 'prompt.history.author'],
      },
    },
    {
      path: '/prompt/call-list',
      keys: [
        'prompt.menu.call-list',
        'prompt-call.fields.title',
        'prompt-call.fields.assessment',
        'prompt-call.list.tokens',
        'buttons.export',
      ],
    },
    {
      path: `/prompt/call-detail?id=${ids.call}`,
      keys: [
        'prompt.menu.call-detail',
        'prompt-call.fields.templateId',
        'prompt-call.fields.question',
        'prompt-call.fields.answer',
        'prompt-call.fields.promptTokens',
        'prompt-call.detail.assessmentTitle',
        'prompt-call.enums.assessment.0',
      ],
    },
    {
      path: '/record/list',
      keys: ['record.menu.list', 'record.fields.chatId', 'record.fields.title', 'table.keyword'],
    },
    {
      path: `/record/detail?id=${ids.record}`,
      keys: [
        'record.menu.detail',
        'record.fields.chatId',
        'record.fields.messageCount',
        'record.detail.tags',
        'record.transcript.label',
      ],
    },
  ];
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

async function checkScreens(page: Page, locale: LocaleName): Promise<string[]> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  const ids: Ids = {
    scene: await firstId(page, 'scene/page'),
    template: await firstId(page, 'prompt/page', { scope: 'public' }),
    call: await firstId(page, 'prompt/call/page'),
    record: await firstId(page, 'record/page'),
  };
  const problems: string[] = [];
  const look = async (where: string, keys: string[], rowChrome?: string) => {
    await settled(page);
    const texts = await chromeTexts(page, rowChrome);
    const squeezed = new Set(texts.map(squeeze));
    for (const key of keys) {
      const expected = text(key, locale);
      if (!squeezed.has(squeeze(expected))) {
        problems.push(`${where}: "${expected}" (${key}) is not shown`);
      }
    }
    if (locale === 'en-US') {
      for (const t of texts.filter((t) => CJK.test(t))) {
        problems.push(`${where}: Chinese in the English chrome: "${t}"`);
      }
    }
  };
  for (const screen of screens(ids)) {
    await gotoApp(page, screen.path);
    await look(screen.path, screen.keys, screen.rowChrome);
    if (screen.then) {
      await page.getByRole('tab', { name: text(screen.then.click, locale), exact: true }).click();
      await look(`${screen.path} (${text(screen.then.click, locale)})`, screen.then.keys);
    }
  }
  return problems;
}

e2eDescribe('screen labels in both languages', () => {
  const e2e = useE2E();

  it('in English, no Chinese is left in the chrome of the scene, template, call and session screens', async () => {
    await setLocale(e2e.context, 'en-US');
    const problems = await checkScreens(e2e.page, 'en-US');
    expect(problems).toEqual([]);
  });

  it('in Chinese, the same screens show the Chinese texts', async () => {
    const problems = await checkScreens(e2e.page, 'zh-CN');
    expect(problems).toEqual([]);
  });
});
