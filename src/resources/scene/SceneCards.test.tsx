import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OFFSET_ROWS } from '../../../contract/page-cursor';
import { i18n } from '../../providers/i18n';
import { envelope, type SeenRequest } from '../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../record/testing';
import { CARD_PAGE_SIZES } from './SceneCards';
import SceneList from './SceneList';

const PAGE = '/api/manage/v1/scene/page';
const SIZE = CARD_PAGE_SIZES[0]!;
/** The last page with a number at the cards' default size. */
const LAST_NUMBERED = Math.floor(MAX_OFFSET_ROWS / SIZE);

const scene = (id: number) => ({
  id,
  version: 1,
  sceneName: `Scene ${id}`,
  sceneCode: `s${id}`,
  type: 0,
  description: null,
  templateId: null,
  templateTitle: null,
  createdAt: '2024-05-01T08:00:00Z',
  updatedAt: '2024-05-01T08:00:00Z',
});

/** About two million scenes: a cursor names the page it leads to, an exact count on request. */
function server(req: SeenRequest) {
  if (req.url !== PAGE) return { status: 404, body: envelope(40400) };
  const body = req.body as { cursor?: string; current: number; exactTotal?: boolean };
  const at = body.cursor ? Number(body.cursor.split('-')[1]) : body.current;
  return ok({
    list: [scene(at)],
    total: body.exactTotal ? 2_000_123 : 2_000_000,
    totalExact: body.exactTotal === true,
    nextCursor: `n-${at + 1}`,
    prevCursor: at > 1 ? `p-${at - 1}` : null,
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';

/** Clicks a pager button once the page before it has arrived (it is disabled meanwhile). */
async function press(name: RegExp) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

describe('scene cards: paging past the numbered pages', () => {
  it('shows an estimate as one, numbers pages only as far as offsets reach, counts on demand', async () => {
    const { bodies } = renderRoute('scene.list', '/scene/list', server, <SceneList />);
    await screen.findByRole('article', { name: 'Scene 1' });
    await screen.findByText('about 2M');
    expect(document.querySelector('.scene-cards__pagination')?.textContent).toContain(
      String(LAST_NUMBERED),
    );
    expect(
      document.querySelector(`.scene-cards__pagination [title="${LAST_NUMBERED + 1}"]`),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    await screen.findByText('2000123 in total');
    expect(bodies(PAGE).at(-1)).toMatchObject({ exactTotal: true });
  });

  it('goes on by cursor from the last numbered page, back, and to page 1, through the URL', async () => {
    const start = `/scene/list?currentPage=${LAST_NUMBERED}&pageSize=${SIZE}`;
    const view = renderRoute('scene.list', start, server, <SceneList />);
    const last = () => view.bodies(PAGE).at(-1) as { cursor?: string; current?: number };
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED}` });
    expect(last()).toMatchObject({ current: LAST_NUMBERED });

    await press(/Next/);
    await screen.findByText(`Page ${LAST_NUMBERED + 1}`);
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED + 1}` });
    expect(last()).toMatchObject({ cursor: `n-${LAST_NUMBERED + 1}` });
    expect(location()).toContain(`cursorPage=${LAST_NUMBERED + 1}`);
    // Beyond the numbered pages the numbered pager gives way to next / previous.
    expect(document.querySelector('.scene-cards__pagination')).toBeNull();

    await press(/Next/);
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED + 2}` });
    const kept = location();
    view.unmount();

    // A reload shows the same page from the URL.
    const again = renderRoute('scene.list', kept, server, <SceneList />);
    await screen.findByText(`Page ${LAST_NUMBERED + 2}`);
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED + 2}` });
    expect(again.bodies(PAGE)[0]).toMatchObject({ cursor: `n-${LAST_NUMBERED + 2}` });
    const latest = () => again.bodies(PAGE).at(-1) as { cursor?: string; current?: number };

    await press(/Previous/);
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED + 1}` });
    expect(latest()).toMatchObject({ cursor: `p-${LAST_NUMBERED + 1}` });
    // One page back is a numbered page again, by offset.
    await press(/Previous/);
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED}` });
    expect(latest()).toMatchObject({ current: LAST_NUMBERED });
    expect(latest().cursor).toBeUndefined();

    await press(/Next/);
    await screen.findByText(`Page ${LAST_NUMBERED + 1}`);
    await press(/First page/);
    await screen.findByRole('article', { name: 'Scene 1' });
    expect(latest()).toMatchObject({ current: 1 });
    expect(latest().cursor).toBeUndefined();
  });

  it('ignores a cursor taken for another filter', async () => {
    const { bodies } = renderRoute(
      'scene.list',
      `/scene/list?currentPage=${LAST_NUMBERED}&pageSize=${SIZE}&cursor=n-900&cursorPage=900&listOf=x`,
      server,
      <SceneList />,
    );
    await screen.findByRole('article', { name: `Scene ${LAST_NUMBERED}` });
    expect(bodies(PAGE).at(-1)).toMatchObject({ current: LAST_NUMBERED });
    expect((bodies(PAGE).at(-1) as { cursor?: string }).cursor).toBeUndefined();
  });
});
