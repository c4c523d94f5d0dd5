/**
 * A release gated on evaluation: an operator sets a scene's gate on its page, submits a platform
 * template version that scores too low, and the admin can only approve it with a reason; the
 * admin rejects it, the operator submits a better version, the gate passes and the admin
 * approves it. The server runs its evaluation worker. Both locales, both roles.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  e2eDescribe,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  text,
  useE2E,
  type LocaleName,
} from './harness';
import { idleDemoVersions } from './harness/models';
import { apiCall, nextApiAnswer, settledDialog } from './harness/ui';

const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];
const ITEMS = 5;
/**
 * The demo model answers with the prompt's words, some left out; each item's expected answer is
 * its question. The question alone scores high on ROUGE-L, padded with other words low.
 */
const GOOD = '{{question}}';
const PADDED =
  '{{question}} 然后请补充大量与问题完全无关的背景知识、冗长的客套话语、各种免责声明以及历史沿革的详细介绍';
const VARIABLES = [{ name: '问题', type: 'text', fieldName: 'question' }];

interface Template {
  id: number;
  version: number;
}

async function signedIn(context: BrowserContext, who: 'user' | 'admin'): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await login(page, who, who);
  return page;
}

e2eDescribe('release gate', () => {
  const e2e = useE2E({ env: { EVALUATION_WORKER: '1' } });

  for (const locale of LOCALES) {
    it(`${locale}: a gated scene's version goes live only once its evaluation passes`, async () => {
      const say = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      const stamp = `${locale.slice(0, 2)}${Date.now().toString(36)}`;
      const userContext = await e2e.newContext();
      const adminContext = await e2e.newContext();
      await setLocale(userContext, locale);
      await setLocale(adminContext, locale);
      const user = await signedIn(userContext, 'user');
      const admin = await signedIn(adminContext, 'admin');

      // A corpus set whose expected answers are the questions, and a scene.
      const corpusName = `gate set ${stamp}`;
      const corpus = await apiCall<{ id: number }>(user, 'corpus/create', {
        corpusName,
        type: 'qa',
      });
      for (let i = 0; i < ITEMS; i++) {
        const question = `第 ${i} 号门店的营业时间是几点到几点`;
        const item = await apiCall(user, 'corpus/item/create', {
          corpusId: corpus.data.id,
          question,
          answer: question,
        });
        expect(item.code).toBe(0);
      }
      const idle = await idleDemoVersions(user);
      expect(idle.length).toBeGreaterThan(0);
      const model = idle.at(-1)!;
      const sceneCode = `gate_${stamp}`;
      const scene = await apiCall<{ id: number }>(user, 'scene/create', {
        sceneName: `Gated ${stamp}`,
        sceneCode,
      });
      expect(scene.code).toBe(0);

      // The operator sets the gate on the scene's page: ROUGE-L at least 60.
      await gotoApp(user, `/scene/detail?id=${scene.data.id}`);
      await user.getByText(say('scene.gate.none')).waitFor();
      await user.getByRole('button', { name: buttonLabel(say('scene.gate.set')) }).click();
      const dialog = settledDialog(user, say('scene.gate.fields.thresholds'));
      await dialog.waitFor();
      const corpusBox = dialog.getByLabel(say('scene.gate.fields.corpusId'));
      await corpusBox.click();
      await corpusBox.fill(corpusName);
      await (await selectOptions(user, corpusBox)).filter({ hasText: corpusName }).first().click();
      const modelBox = dialog.getByLabel(say('scene.gate.fields.modelVersion'));
      await modelBox.click();
      await modelBox.fill(model);
      await (await selectOptions(user, modelBox)).filter({ hasText: model }).first().click();
      await dialog.getByLabel(say('scene.gate.minimum')).fill('60');
      const saved = nextApiAnswer(user, 'scene/update');
      await dialog.getByRole('button', { name: buttonLabel(say('buttons.save')) }).click();
      expect((await saved).code).toBe(0);
      await user.getByText(say('scene.gate.saved')).waitFor();
      await user.getByText(`${say('model-evaluate.enums.metrics.rougeL')} ≥ 60`).waitFor();

      // A platform template of the scene, and a padded draft submitted for review.
      const created = await apiCall<Template>(user, 'prompt/create', {
        title: `Gated template ${stamp}`,
        sceneCode,
        isPublic: 1,
        content: GOOD,
        variables: VARIABLES,
      });
      expect(created.code).toBe(0);
      const id = created.data.id;
      const draft = await apiCall<Template>(user, 'prompt/update', {
        id,
        version: created.data.version,
        content: PADDED,
      });
      expect(draft.code).toBe(0);
      const reviewTab = (page: Page) =>
        page.getByRole('tab', { name: say('prompt.detail.tabs.review') }).click();
      await gotoApp(user, `/prompt/detail-public?id=${id}`);
      await reviewTab(user);
      await user.getByRole('button', { name: buttonLabel(say('prompt.review.submit')) }).click();
      const gateState = (page: Page) => page.getByTestId('gate-state');
      await expect
        .poll(async () => gateState(user).textContent(), { timeout: 30_000, interval: 250 })
        .toBe(say('prompt.gate.states.failed'));
      await user.getByText(say('prompt.gate.fail')).first().waitFor();

      // The admin sees the gate, cannot approve plainly, and rejects.
      await gotoApp(admin, `/prompt/detail-public?id=${id}`);
      await reviewTab(admin);
      await expect
        .poll(async () => gateState(admin).textContent())
        .toBe(say('prompt.gate.states.failed'));
      expect(
        await admin
          .getByRole('button', { name: buttonLabel(say('prompt.review.approve')) })
          .count(),
      ).toBe(0);
      const pending = await apiCall<Template>(admin, 'prompt/detail', { id });
      const refused = await apiCall(admin, 'prompt/approve', {
        id,
        version: pending.data.version,
      });
      expect(refused.code).toBe(40900);
      await admin
        .getByRole('button', { name: buttonLabel(say('prompt.gate.approveAnyway')) })
        .click();
      const override = settledDialog(admin, say('prompt.gate.overrideHint'));
      await override.waitFor();
      await override.getByRole('button', { name: buttonLabel(say('buttons.cancel')) }).click();
      await admin.getByRole('button', { name: buttonLabel(say('prompt.review.reject')) }).click();
      const reject = settledDialog(admin, say('prompt.review.reason'));
      await reject.getByRole('textbox').fill('ROUGE-L too low');
      await reject.getByRole('button', { name: buttonLabel(say('prompt.review.reject')) }).click();
      await admin.getByText(say('prompt.review.rejected')).first().waitFor();

      // A better version passes, and the admin approves it.
      const rejected = await apiCall<Template>(user, 'prompt/detail', { id });
      const better = await apiCall<Template>(user, 'prompt/update', {
        id,
        version: rejected.data.version,
        title: `Better template ${stamp}`,
        content: GOOD,
      });
      expect(better.code).toBe(0);
      await gotoApp(user, `/prompt/detail-public?id=${id}`);
      await reviewTab(user);
      await user.getByRole('button', { name: buttonLabel(say('prompt.review.submit')) }).click();
      await expect
        .poll(async () => gateState(user).textContent(), { timeout: 30_000, interval: 250 })
        .toBe(say('prompt.gate.states.passed'));

      await gotoApp(admin, `/prompt/detail-public?id=${id}`);
      await reviewTab(admin);
      await expect
        .poll(async () => gateState(admin).textContent())
        .toBe(say('prompt.gate.states.passed'));
      await admin.getByRole('button', { name: buttonLabel(say('prompt.review.approve')) }).click();
      await admin.getByText(say('prompt.review.approved')).first().waitFor();
      const live = await apiCall<{ liveVersion: number; title: string }>(admin, 'prompt/detail', {
        id,
      });
      expect(live.data.title).toBe(`Better template ${stamp}`);
      expect(e2e.pageErrors).toEqual([]);
      await userContext.close();
      await adminContext.close();
    });
  }
});
