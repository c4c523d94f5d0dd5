import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { envelope, type SeenRequest } from '../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../record/testing';
import { CancelButton } from './CancelButton';

const API = '/api/manage/v1';

/** The tooltip's popup is shown: antd keeps a closed one, leaving or hidden. */
const tipShown = () =>
  [...document.querySelectorAll('.ant-tooltip')].some((t) => !/-leave|-hidden/.test(t.className));

function serve(req: SeenRequest) {
  return req.url === `${API}/model-evaluate/cancel`
    ? ok({ id: 4, version: 3, state: 'cancelled' })
    : { status: 404, body: envelope(40400) };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

describe('an evaluation list row: cancel', () => {
  it("names itself on hover, and hides that name while its question is open (it covered 'keep it running')", async () => {
    const { seen } = renderRoute(
      'model-evaluate.list',
      '/model-evaluate/list',
      serve,
      <CancelButton
        compact
        record={{ id: 4, version: 2, evaluateName: 'Nightly', state: 'running' }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Cancel evaluation' });
    await act(async () => {
      fireEvent.pointerEnter(button);
      fireEvent.mouseEnter(button);
    });
    await waitFor(() => expect(tipShown()).toBe(true));

    await act(async () => fireEvent.click(button));
    const question = (await screen.findByText(/Cancel the evaluation "Nightly"\?/)).closest(
      '.ant-popover',
    ) as HTMLElement;
    await waitFor(() => expect(tipShown()).toBe(false));
    // Its buttons say what they do: no two "Cancel" side by side.
    expect(
      within(question)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Keep it running', 'Cancel evaluation']);
    await act(async () =>
      fireEvent.click(within(question).getByRole('button', { name: 'Cancel evaluation' })),
    );
    await waitFor(() =>
      expect(seen.find((r) => r.url === `${API}/model-evaluate/cancel`)?.body).toEqual({
        id: 4,
        version: 2,
      }),
    );
  });

  /** The open question's text and its two buttons, for a row in `state`. */
  async function question(state: string) {
    renderRoute(
      'model-evaluate.list',
      '/model-evaluate/list',
      serve,
      <CancelButton record={{ id: 4, version: 2, evaluateName: 'Nightly', state }} />,
    );
    await act(async () =>
      fireEvent.click(
        screen.getByRole('button', { name: i18n.t('model-evaluate.actions.cancel') }),
      ),
    );
    const popover = (await screen.findByText(/Nightly/)).closest('.ant-popover') as HTMLElement;
    return {
      text: popover.textContent ?? '',
      buttons: within(popover)
        .getAllByRole('button')
        .map((b) => b.textContent),
    };
  }

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`${locale}: a run that never started is not "kept running", nor said to have results`, async () => {
      await i18n.changeLanguage(locale);
      const t = i18n.getFixedT(locale);
      const asked = await question('pending');
      expect(asked.buttons).toEqual([
        t('model-evaluate.actions.keepPending'),
        t('model-evaluate.actions.cancel'),
      ]);
      expect(asked.text).toContain(
        t('model-evaluate.actions.cancelConfirmPending', { name: 'Nightly' }),
      );
      expect(asked.buttons).not.toContain(t('model-evaluate.actions.keepRunning'));
      expect(asked.text).not.toContain(
        t('model-evaluate.actions.cancelConfirm', { name: 'Nightly' }),
      );
    });

    it(`${locale}: a running one keeps it running, and keeps the results written`, async () => {
      await i18n.changeLanguage(locale);
      const t = i18n.getFixedT(locale);
      const asked = await question('running');
      expect(asked.buttons).toEqual([
        t('model-evaluate.actions.keepRunning'),
        t('model-evaluate.actions.cancel'),
      ]);
      expect(asked.text).toContain(t('model-evaluate.actions.cancelConfirm', { name: 'Nightly' }));
    });
  }
});
