/**
 * Scenes: the card list opens a scene's detail, where a template is bound through the
 * pick list and unbound after confirmation; the cards show what is bound.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { buttonLabel, e2eDescribe, gotoApp, login, selectOptions, useE2E, zh } from './harness';
import { confirmPopover, nextApiAnswer } from './harness/ui';

const cards = (page: Page) => page.locator('[data-testid=scene-card]');

async function onSceneCards(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  await gotoApp(page, '/scene/list');
  await cards(page).first().waitFor();
}

const bindingCard = (page: Page) =>
  page.locator('.ant-card').filter({
    has: page.locator(':scope > .ant-card-head .ant-card-head-title', {
      hasText: zh('scene.template.title'),
    }),
  });

e2eDescribe('scene template binding', () => {
  const e2e = useE2E();

  it('binds a template to a scene from its detail page, then unbinds it after confirmation', async () => {
    const { page } = e2e;
    await onSceneCards(page);
    // The list is cards by default, with the card / table switch.
    expect(await page.locator('.ant-table').count()).toBe(0);
    await page.getByRole('radiogroup', { name: zh('scene.display.label') }).waitFor();

    // A scene without a template if the first page has one, else the first.
    const unbound = cards(page).filter({ hasText: zh('scene.cards.noTemplate') });
    const card = (await unbound.count()) > 0 ? unbound.first() : cards(page).first();
    const sceneName = (await card.getAttribute('aria-label')) ?? '';
    expect(sceneName).not.toBe('');
    await card.locator('.ant-card-head-title a').click();
    await page.waitForURL((u) => u.pathname === '/scene/detail' && u.searchParams.has('id'));
    const sceneId = new URL(page.url()).searchParams.get('id');

    await expect
      .poll(() => page.locator('.ant-card-head-title').first().textContent())
      .toBe(`${zh('scene.menu.detail')} · ${sceneName}`);
    const binding = bindingCard(page);
    await binding.waitFor();

    // Pick the first offered template.
    const select = page.getByRole('combobox', { name: zh('scene.template.select') });
    await select.click();
    const option = (await selectOptions(page, select)).first();
    await option.waitFor();
    const title = (await option.getAttribute('title')) ?? '';
    expect(title).not.toBe('');
    await option.click();

    await page.getByRole('button', { name: buttonLabel(zh('scene.template.bind')) }).click();
    const bound = nextApiAnswer<{ templateId: number | null; templateTitle?: string }>(
      page,
      'scene/template/bind',
    );
    await confirmPopover(page);
    const answer = await bound;
    expect(answer.code).toBe(0);
    expect(answer.data.templateId).not.toBeNull();
    expect(answer.data.templateTitle).toBe(title);

    // The card shows the bound template by its title, with the unbind action.
    await binding.locator('strong', { hasText: title }).waitFor();
    const unbind = binding.getByRole('button', { name: buttonLabel(zh('scene.actions.unbind')) });
    await unbind.waitFor();

    // It is stored: the list's card for the scene shows it too.
    await gotoApp(page, '/scene/list');
    await cards(page).first().waitFor();
    const keyword = page.getByLabel(zh('table.keyword'), { exact: true });
    await keyword.fill(sceneName);
    await keyword.press('Enter');
    const listed = cards(page).filter({
      has: page.getByRole('link', { name: sceneName, exact: true }),
    });
    await expect.poll(() => listed.first().textContent()).toContain(title);

    // Back on the detail: unbind, with confirmation.
    await gotoApp(page, `/scene/detail?id=${sceneId}`);
    await bindingCard(page).locator('strong', { hasText: title }).waitFor();
    await bindingCard(page)
      .getByRole('button', { name: buttonLabel(zh('scene.actions.unbind')) })
      .click();
    const unbound2 = nextApiAnswer<{ templateId: number | null }>(page, 'scene/template/unbind');
    await confirmPopover(page, zh('scene.actions.unbindConfirm'));
    const after = await unbound2;
    expect(after.code).toBe(0);
    expect(after.data.templateId).toBeNull();

    await bindingCard(page).getByText(zh('scene.template.none'), { exact: true }).waitFor();
    expect(await bindingCard(page).locator('strong', { hasText: title }).count()).toBe(0);

    // And after a reload.
    await page.reload();
    await bindingCard(page).getByText(zh('scene.template.none'), { exact: true }).waitFor();
  });

  it('the card list: the type filter and the keyword survive a reload; the table view is kept in the URL', async () => {
    const { page } = e2e;
    await onSceneCards(page);
    const chat = zh('scene.enums.type.1');
    const prompt = zh('scene.enums.type.0');
    const tags = () => cards(page).locator('.ant-card-extra').allTextContents();

    // Type: chat mode only.
    const typeSelect = page.getByRole('combobox', { name: zh('scene.fields.type'), exact: true });
    await typeSelect.click();
    const listed = nextApiAnswer<{ total: number }>(page, 'scene/page');
    await (await selectOptions(page, typeSelect)).filter({ hasText: chat }).click();
    const answer = await listed;
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBeGreaterThan(0);
    await expect.poll(async () => (await tags()).every((t) => t.trim() === chat)).toBe(true);

    // Keyword: a chat scene's name.
    const name = (await cards(page).first().getAttribute('aria-label')) ?? '';
    const keyword = page.getByLabel(zh('table.keyword'), { exact: true });
    await keyword.fill(name);
    const searched = nextApiAnswer<{ total: number }>(page, 'scene/page');
    await keyword.press('Enter');
    const found = await searched;
    expect(found.code).toBe(0);
    expect(found.data.total).toBeGreaterThan(0);
    expect(found.data.total).toBeLessThanOrEqual(answer.data.total);
    await expect.poll(() => cards(page).count()).toBe(Math.min(found.data.total, 12));
    const total = await page.locator('.ant-pagination-total-text').textContent();

    // A reload asks the same and shows the same, with the controls still set.
    const again = nextApiAnswer<{ total: number }>(page, 'scene/page');
    await page.reload();
    const reloaded = await again;
    expect(reloaded.code).toBe(0);
    expect(reloaded.data.total).toBe(found.data.total);
    await cards(page).first().waitFor();
    expect(await keyword.inputValue()).toBe(name);
    expect(await cards(page).filter({ hasText: name }).count()).toBeGreaterThan(0);
    expect((await tags()).every((t) => t.trim() === chat)).toBe(true);
    expect((await tags()).some((t) => t.includes(prompt))).toBe(false);
    expect(await page.locator('.ant-pagination-total-text').textContent()).toBe(total);
    await expect
      .poll(() =>
        page
          .locator('.ant-select', { has: typeSelect })
          .locator('.ant-select-selection-item')
          .textContent(),
      )
      .toBe(chat);

    // The table view: chosen with the switch, kept in the URL through a reload.
    await page
      .getByRole('radiogroup', { name: zh('scene.display.label') })
      .getByText(zh('scene.display.table'), { exact: true })
      .click();
    await page.locator('.ant-table-row').first().waitFor();
    expect(new URL(page.url()).searchParams.get('display')).toBe('table');
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await cards(page).count()).toBe(0);
    // Back to cards.
    await page
      .getByRole('radiogroup', { name: zh('scene.display.label') })
      .getByText(zh('scene.display.card'), { exact: true })
      .click();
    await cards(page).first().waitFor();
    expect(new URL(page.url()).searchParams.get('display')).toBe('card');
  });
});
