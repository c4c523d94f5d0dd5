import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Popover } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusVisible } from '../test/focus-visible';
import { Asking } from './asking';
import { Tip } from './Tip';

/** The tooltip's popup is shown: antd keeps a closed one, leaving (no animation here) or hidden. */
const shown = () => {
  const tip = document.querySelector('.ant-tooltip');
  return tip !== null && !/-leave|-hidden/.test(tip.className);
};

describe('Tip', () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens on a keyboard's focus and closes on the blur; the button's own handlers still run", async () => {
    focusVisible(true);
    const focus = vi.fn();
    render(
      <Tip title="Refresh">
        <Button aria-label="Refresh" onFocus={focus} />
      </Tip>,
    );
    const button = screen.getByRole('button');
    await act(async () => button.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh');
    expect(focus).toHaveBeenCalledTimes(1);
    await act(async () => button.blur());
    await waitFor(() => expect(shown()).toBe(false));
  });

  it("stays closed on a mouse press's focus", async () => {
    focusVisible(false);
    render(
      <Tip title="Refresh">
        <Button aria-label="Refresh" />
      </Tip>,
    );
    await act(async () => screen.getByRole('button').focus());
    expect(shown()).toBe(false);
  });

  it('opens on hover, as antd', async () => {
    render(
      <Tip title="Refresh" mouseEnterDelay={0}>
        <Button aria-label="Refresh" />
      </Tip>,
    );
    await act(async () => fireEvent.mouseEnter(screen.getByRole('button')));
    await waitFor(() => expect(shown()).toBe(true));
  });

  it("as a Popover's child, the Popover still opens on a click (the columns button)", async () => {
    render(
      <Popover trigger="click" content="the columns">
        <Tip title="Columns">
          <Button aria-label="Columns" />
        </Tip>
      </Popover>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(await screen.findByText('the columns')).toBeTruthy();
  });

  it("passes a Popover's Escape on to the button, so Escape still closes it", async () => {
    const openChange = vi.fn();
    const keyDown = vi.fn();
    render(
      <Popover trigger="click" content="the columns" defaultOpen onOpenChange={openChange}>
        <Tip title="Columns">
          <Button aria-label="Columns" onKeyDown={keyDown} />
        </Tip>
      </Popover>,
    );
    await screen.findByText('the columns');
    await act(async () =>
      fireEvent.keyDown(screen.getByRole('button'), { key: 'Escape', keyCode: 27 }),
    );
    expect(openChange).toHaveBeenLastCalledWith(false, expect.anything());
    expect(keyDown).toHaveBeenCalledTimes(1);
  });

  it('shows no empty bubble while its title is withheld', async () => {
    focusVisible(true);
    render(
      <Tip title={null}>
        <Button aria-label="Delete" />
      </Tip>,
    );
    await act(async () => screen.getByRole('button').focus());
    await act(async () => fireEvent.mouseEnter(screen.getByRole('button')));
    await new Promise((r) => setTimeout(r, 150));
    expect(shown()).toBe(false);
  });

  it('stays hidden when a question over it closes, until a new focus or hover', async () => {
    focusVisible(true);
    const tip = (asking: boolean) => (
      <Asking.Provider value={asking}>
        <Tip title="Delete" initiallyOpen mouseEnterDelay={0}>
          <Button aria-label="Delete" />
        </Tip>
      </Asking.Provider>
    );
    const { rerender } = render(tip(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(shown()).toBe(false);
    // Open when the question came (a hover), the name is not shown by the question's closing.
    rerender(tip(false));
    await new Promise((r) => setTimeout(r, 150));
    expect(shown()).toBe(false);
    await act(async () => screen.getByRole('button').focus());
    await waitFor(() => expect(shown()).toBe(true));
  });
});
