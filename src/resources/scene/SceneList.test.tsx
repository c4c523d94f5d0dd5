import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { envelope, type SeenRequest } from '../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../record/testing';
import SceneList from './SceneList';

const PAGE = '/api/manage/v1/scene/page';

const SCENES = [
  {
    id: 1,
    version: 1,
    sceneName: 'Customer support',
    sceneCode: 'support',
    type: 1,
    description: 'Answers customers about orders and refunds.',
    templateId: 4,
    templateTitle: 'Refund helper',
    createdAt: '2024-05-01T08:00:00Z',
    updatedAt: '2024-05-01T08:00:00Z',
  },
  {
    id: 2,
    version: 1,
    sceneName: 'Summaries',
    sceneCode: 'summary',
    type: 0,
    description: null,
    templateId: null,
    templateTitle: null,
    createdAt: '2024-05-02T08:00:00Z',
    updatedAt: '2024-05-02T08:00:00Z',
  },
];

function server(req: SeenRequest) {
  if (req.url === PAGE) return ok({ list: SCENES, total: 2 });
  return { status: 404, body: envelope(40400) };
}

const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

describe('scene list', () => {
  it('shows cards by default: name, code, mode, template or none, description, link', async () => {
    renderRoute('scene.list', '/scene/list', server, <SceneList />);
    const support = await screen.findByRole('article', { name: 'Customer support' });
    const summaries = screen.getByRole('article', { name: 'Summaries' });
    expect(within(support).getByText('support')).toBeTruthy();
    expect(within(support).getByText('Chat mode')).toBeTruthy();
    expect(within(support).getByText('Refund helper')).toBeTruthy();
    expect(within(support).getByText('Answers customers about orders and refunds.')).toBeTruthy();
    expect(within(summaries).getByText('Prompt mode')).toBeTruthy();
    expect(within(summaries).getByText('No template')).toBeTruthy();
    expect(within(summaries).getByText('No description')).toBeTruthy();
    expect(
      within(support).getByRole('link', { name: 'Customer support' }).getAttribute('href'),
    ).toBe('/scene/detail?id=1');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('admin: cards without links (the detail page is the user’s)', async () => {
    signIn('admin');
    renderRoute('scene.list', '/scene/list', server, <SceneList />);
    const support = await screen.findByRole('article', { name: 'Customer support' });
    expect(within(support).queryByRole('link')).toBeNull();
  });

  it('keeps the display in the URL; ?display=table shows the table on load', async () => {
    renderRoute('scene.list', '/scene/list', server, <SceneList />);
    await screen.findByRole('article', { name: 'Customer support' });
    const toggle = screen.getByRole('radiogroup', { name: 'Display' });
    expect((within(toggle).getByRole('radio', { name: 'Cards' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await act(async () => fireEvent.click(within(toggle).getByRole('radio', { name: 'Table' })));
    await waitFor(() => expect(location()).toContain('display=table'));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Customer support' })).toBeNull();
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('radiogroup', { name: 'Display' })).getByText('Cards'),
      ),
    );
    await waitFor(() => expect(location()).toContain('display=card'));
    expect(await screen.findByRole('article', { name: 'Customer support' })).toBeTruthy();
  });

  it('opens as a table when the URL says so, and sends the type filter', async () => {
    const { unmount } = renderRoute(
      'scene.list',
      '/scene/list?display=table',
      server,
      <SceneList />,
    );
    expect(await screen.findByRole('table')).toBeTruthy();
    unmount();

    const { bodies, unmount: unmount2 } = renderRoute(
      'scene.list',
      '/scene/list',
      server,
      <SceneList />,
    );
    await screen.findByRole('article', { name: 'Customer support' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    const option = await screen.findByTitle('Prompt mode');
    await act(async () => fireEvent.click(option));
    await waitFor(() =>
      expect(bodies(PAGE).at(-1)).toMatchObject({
        current: 1,
        filters: [{ field: 'type', operator: 'eq', value: 0 }],
      }),
    );
    const kept = location();
    expect(kept).toContain('filters');
    unmount2();

    // A reload of that URL sends the filter typed as the declaration says (a number).
    const again = renderRoute('scene.list', kept, server, <SceneList />);
    await screen.findByRole('article', { name: 'Customer support' });
    await waitFor(() => expect(again.bodies(PAGE).length).toBeGreaterThan(0));
    for (const body of again.bodies(PAGE)) {
      expect(body).toMatchObject({ filters: [{ field: 'type', operator: 'eq', value: 0 }] });
    }
  });
});
