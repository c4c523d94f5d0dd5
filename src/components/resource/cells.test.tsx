import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusVisible } from '../../test/focus-visible';
import { ClampedText, HoverTip } from './cells';

/** jsdom lays nothing out: give the element the heights a browser would. */
function sized(el: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
}

describe('ClampedText', () => {
  it('shows its whole text in a tooltip when hovered while cut', async () => {
    render(<ClampedText text="a long question that takes more than two lines" />);
    const text = screen.getByText(/a long question/);
    sized(text, 88, 44);
    await act(async () => fireEvent.pointerEnter(text));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'a long question that takes more than two lines',
    );
  });

  it('mounts no tooltip when the text fits', async () => {
    render(<ClampedText text="short" />);
    const text = screen.getByText('short');
    sized(text, 22, 22);
    await act(async () => fireEvent.pointerEnter(text));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('HoverTip', () => {
  it('swaps its child inside the pointer-enter, so a press right after it is a click', () => {
    let clicks = 0;
    render(
      <HoverTip title="Edit">
        <button type="button" onClick={() => clicks++}>
          edit
        </button>
      </HoverTip>,
    );
    const before = screen.getByRole('button');
    // Outside act(): React renders a pointer-enter's update in a later task unless it is flushed
    // in the handler, and a press arriving first goes down on the element about to be replaced.
    before.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    const after = screen.getByRole('button');
    expect(after).not.toBe(before);
    after.click();
    expect(clicks).toBe(1);
  });

  describe('on focus', () => {
    afterEach(() => vi.restoreAllMocks());

    const renderButton = () =>
      render(
        <HoverTip title="Edit">
          <button type="button">edit</button>
        </HoverTip>,
      );

    it("shows the tooltip on a keyboard's focus and keeps the focus on the button", async () => {
      focusVisible(true);
      renderButton();
      await act(async () => screen.getByRole('button').focus());
      expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
      expect(document.activeElement).toBe(screen.getByRole('button'));
      await act(async () => screen.getByRole('button').blur());
      // antd keeps a closed tooltip's popup: leaving (jsdom runs no animation), then hidden.
      await waitFor(() =>
        expect(document.querySelector('.ant-tooltip')?.className).toMatch(/-leave|-hidden/),
      );
    });

    it("leaves the button alone on a mouse press's focus", async () => {
      focusVisible(false);
      renderButton();
      const before = screen.getByRole('button');
      await act(async () => before.focus());
      expect(screen.getByRole('button')).toBe(before);
      expect(screen.queryByRole('tooltip')).toBeNull();
    });
  });
});
