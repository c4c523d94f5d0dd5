import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { envelope, type SeenRequest } from '../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../record/testing';
import SceneDetail, { TEMPLATE_OPTIONS_BODY } from './SceneDetail';

const API = '/api/manage/v1';

const SUMMARY = {
  calls: 42,
  promptTokens: 1000,
  completionTokens: 234,
  totalTokens: 1234,
  chats: 7,
  since: '2024-04-25T00:00:00Z',
  recentRecords: [
    {
      id: 31,
      title: 'Late delivery',
      type: 1,
      messageCount: 4,
      modifiedAt: '2024-05-01T09:00:00Z',
    },
  ],
  recentCalls: [
    {
      id: 51,
      title: 'Refund call',
      assessment: 1,
      totalTokens: 90,
      callTime: '2024-05-01T09:30:00Z',
    },
  ],
};

function fakeScene(bound: { id: number; title: string } | null) {
  let scene = {
    id: 1,
    version: 2,
    sceneName: 'Customer support',
    sceneCode: 'support',
    type: 1,
    description: 'Orders and refunds',
    templateId: bound?.id ?? null,
    templateTitle: bound?.title ?? null,
    createdAt: '2024-05-01T08:00:00Z',
    updatedAt: '2024-05-01T08:00:00Z',
  };
  return (req: SeenRequest) => {
    switch (req.url) {
      case `${API}/scene/detail`:
        return ok(scene);
      case `${API}/prompt/page`:
        return ok({
          list: [
            { id: 4, title: 'Refund helper', isPublic: 1, status: 1 },
            { id: 6, title: 'My drafts', isPublic: 0, status: 1 },
          ],
          total: 2,
        });
      case `${API}/scene/summary`:
        return ok(SUMMARY);
      case `${API}/scene/template/bind`: {
        const { templateId } = req.body as { templateId: number };
        scene = {
          ...scene,
          version: scene.version + 1,
          templateId,
          templateTitle: 'Refund helper',
        };
        return ok(scene);
      }
      case `${API}/scene/template/unbind`:
        scene = { ...scene, version: scene.version + 1, templateId: null, templateTitle: null };
        return ok(scene);
      default:
        return { status: 404, body: envelope(40400) };
    }
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

/** Answers the open question with its OK button, which names the action it confirms. */
async function confirm(action: string) {
  const tip = await screen.findByRole('tooltip');
  await act(async () => fireEvent.click(within(tip).getByRole('button', { name: action })));
}

describe('scene detail', () => {
  it('binds an enabled template the user chose, with {id, templateId}', async () => {
    const { bodies } = renderRoute(
      'scene.detail',
      '/scene/detail?id=1',
      fakeScene(null),
      <SceneDetail />,
    );
    expect(await screen.findByText('No template is bound to this scene')).toBeTruthy();
    await waitFor(() => expect(bodies(`${API}/prompt/page`)).toEqual([TEMPLATE_OPTIONS_BODY]));
    // No scope: platform and the user's own templates alike; enabled ones only.
    expect(TEMPLATE_OPTIONS_BODY).not.toHaveProperty('scope');
    expect(TEMPLATE_OPTIONS_BODY.filters).toEqual([{ field: 'status', operator: 'eq', value: 1 }]);

    const bind = screen.getByRole('button', { name: 'Bind template' });
    expect(bind.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Template to bind' }));
    const option = await screen.findByTitle('Refund helper');
    await act(async () => fireEvent.click(option));
    await waitFor(() => expect(bind.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(bind));
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      'Bind “Refund helper” to this scene?',
    );
    await confirm('Bind template');
    await waitFor(() =>
      expect(bodies(`${API}/scene/template/bind`)).toEqual([{ id: 1, templateId: 4 }]),
    );
    // The scene is read again and shows its template with the unbind button.
    expect(await screen.findByRole('button', { name: 'Unbind template' })).toBeTruthy();
  });

  it('unbinds with {id} after confirmation', async () => {
    const { bodies } = renderRoute(
      'scene.detail',
      '/scene/detail?id=1',
      fakeScene({ id: 4, title: 'Refund helper' }),
      <SceneDetail />,
    );
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Unbind template' })),
    );
    await confirm('Unbind template');
    await waitFor(() => expect(bodies(`${API}/scene/template/unbind`)).toEqual([{ id: 1 }]));
    expect(await screen.findByText('No template is bound to this scene')).toBeTruthy();
  });

  it('shows the 7-day summary with links to the recent sessions and calls', async () => {
    const { bodies } = renderRoute(
      'scene.detail',
      '/scene/detail?id=1',
      fakeScene(null),
      <SceneDetail />,
    );
    const text = await screen.findByText('Late delivery', undefined, { timeout: 5000 });
    const session = screen.getByRole('link', { name: 'Late delivery' });
    expect(session).toBe(text.closest('a'));
    expect(session.getAttribute('href')).toBe('/record/detail?id=31');
    expect(screen.getByRole('link', { name: 'Refund call' }).getAttribute('href')).toBe(
      '/prompt/call-detail?id=51',
    );
    expect(bodies(`${API}/scene/summary`)).toEqual([{ id: 1 }]);
    expect(screen.getByText('Calls')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('1,000 prompt / 234 completion')).toBeTruthy();
  });
});
