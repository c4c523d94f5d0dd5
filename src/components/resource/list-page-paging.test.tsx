import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_OFFSET_ROWS } from '../../../contract/page-cursor';
import { http } from '../../providers/api';
import { envelope, installFakeServer } from '../../test/fake-http';
import {
  bench,
  lastPageBody,
  mount,
  PAGE,
  pageBodies,
  ROWS,
  setUpListPage,
} from './list-page-bench';

setUpListPage();

/** The last numbered page at 10 rows a page, and the cursor pages after it. */
const LAST = MAX_OFFSET_ROWS / 10;
const NEXT = LAST + 1;
const AFTER = LAST + 2;

describe('paging past the numbered pages', () => {
  /** A list of about two million rows: cursors name the page they lead to. */
  beforeEach(() => {
    bench.seen = installFakeServer(http, (req) => {
      if (req.url !== PAGE) return { status: 404, body: envelope(40400, null, 'no route') };
      const body = req.body as { cursor?: string; current: number; exactTotal?: boolean };
      const at = body.cursor ? Number(body.cursor.split('-')[1]) : body.current;
      return {
        body: envelope(0, {
          list: ROWS,
          total: body.exactTotal ? 2_000_123 : 2_000_000,
          totalExact: body.exactTotal === true,
          nextCursor: `n-${at + 1}`,
          prevCursor: at > 1 ? `p-${at - 1}` : null,
        }),
      };
    });
  });

  it('shows an estimate as one, and counts exactly on demand', async () => {
    mount('/fixture-part/list');
    await screen.findByText('about 2M');
    fireEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    await screen.findByText('2000123 in total');
    expect(lastPageBody()).toMatchObject({ exactTotal: true });
    // The numbered pager ends where offsets end.
    expect(document.querySelector('.ant-pagination')?.textContent).toContain(`/${LAST}`);
  });

  it('goes on by cursor from the last numbered page, back, and to page 1, through the URL', async () => {
    /** Clicks a pager button once the page before it has arrived (it is disabled meanwhile). */
    const press = async (name: RegExp) => {
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
    };
    const view = mount(`/fixture-part/list?currentPage=${LAST}&pageSize=10`);
    await waitFor(() => expect(lastPageBody()).toMatchObject({ current: LAST }));
    await press(/Next/);
    await screen.findByText(`Page ${NEXT}`);
    await waitFor(() => expect(lastPageBody()).toMatchObject({ cursor: `n-${NEXT}` }));
    expect(bench.location).toContain(`cursorPage=${NEXT}`);

    await press(/Next/);
    await screen.findByText(`Page ${AFTER}`);
    await waitFor(() => expect(lastPageBody()).toMatchObject({ cursor: `n-${AFTER}` }));

    // A reload shows the same page from the URL.
    view.unmount();
    const before = pageBodies().length;
    mount(bench.location);
    await screen.findByText(`Page ${AFTER}`);
    await waitFor(() =>
      expect(pageBodies().slice(before)[0]).toMatchObject({ cursor: `n-${AFTER}` }),
    );

    await press(/Previous/);
    await screen.findByText(`Page ${NEXT}`);
    await waitFor(() => expect(lastPageBody()).toMatchObject({ cursor: `p-${NEXT}` }));
    // One page back is a numbered page again, by offset.
    await press(/Previous/);
    await waitFor(() => expect(screen.queryByText(`Page ${NEXT}`)).toBeNull());
    await waitFor(() => expect(lastPageBody().cursor).toBeUndefined());
    expect(lastPageBody()).toMatchObject({ current: LAST });

    await press(/Next/);
    await screen.findByText(`Page ${NEXT}`);
    await press(/First page/);
    await waitFor(() => expect(lastPageBody()).toMatchObject({ current: 1 }));
    expect(lastPageBody().cursor).toBeUndefined();
    expect(screen.queryByText(`Page ${NEXT}`)).toBeNull();
  });

  it('ignores a cursor taken for another sort or filter', async () => {
    mount(
      `/fixture-part/list?currentPage=${LAST}&pageSize=10&cursor=n-${LAST + 5}&cursorPage=${LAST + 5}&listOf=x`,
    );
    await waitFor(() => expect(lastPageBody()).toMatchObject({ current: LAST }));
    expect(lastPageBody().cursor).toBeUndefined();
  });
});
