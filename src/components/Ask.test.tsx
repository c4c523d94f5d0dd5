import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { Ask, questionPlacement } from './Ask';

// jsdom runs no animation, and antd reports an opening's end after its animation: the tests'
// questions have none (`transitionName=""`).

/** The question's popup is shown: antd keeps a closed one, leaving (no animation here) or hidden. */
const asked = () => {
  const popup = document.querySelector('.ant-popconfirm');
  return popup !== null && !/-leave|-hidden/.test(popup.className);
};

function renderAsk() {
  const confirm = vi.fn();
  render(
    <Ask
      title="Disable Wang?"
      okText="OK"
      cancelText="Cancel"
      onConfirm={confirm}
      transitionName=""
    >
      <Button>Disable</Button>
    </Ask>,
  );
  return { confirm, opener: screen.getByRole('button', { name: 'Disable' }) };
}

describe('Ask', () => {
  it('takes the focus to Cancel once open; Escape in it closes it and gives the focus back', async () => {
    const { confirm, opener } = renderAsk();
    await act(async () => opener.focus());
    await act(async () => fireEvent.click(opener));
    await screen.findByText('Disable Wang?');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));

    await act(async () =>
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape', keyCode: 27 }),
    );
    await waitFor(() => expect(asked()).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('takes the focus while still opening, and gives it back at once on Escape', async () => {
    const confirm = vi.fn();
    const opened = vi.fn();
    // With antd's animation: jsdom never ends it, so antd's afterOpenChange never comes.
    render(
      <Ask title="Disable Wang?" okText="OK" cancelText="Cancel" onConfirm={confirm}>
        <Button onClick={opened}>Disable</Button>
      </Ask>,
    );
    const opener = screen.getByRole('button', { name: 'Disable' });
    await act(async () => opener.focus());
    await act(async () => fireEvent.click(opener));
    await screen.findByText('Disable Wang?');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(opened).toHaveBeenCalledTimes(1);
    await act(async () =>
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape', keyCode: 27 }),
    );
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('confirms with its OK, and gives the focus back', async () => {
    const { confirm, opener } = renderAsk();
    await act(async () => opener.focus());
    await act(async () => fireEvent.click(opener));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    expect(confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('opens at mount when asked to, and reports its state', async () => {
    const change = vi.fn();
    render(
      <Ask title="Delete Bolt?" initiallyOpen onOpenChange={change}>
        <Button>Delete</Button>
      </Ask>,
    );
    expect(await screen.findByText('Delete Bolt?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(change).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(asked()).toBe(false));
  });

  it('gives the focus to its own button when nothing had it as it opened', async () => {
    render(
      <Ask title="Delete Bolt?" initiallyOpen okText="OK" cancelText="Cancel">
        <Button>Delete</Button>
      </Ask>,
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await act(async () =>
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape', keyCode: 27 }),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' })),
    );
  });

  describe('questionPlacement', () => {
    /** A sticky navbar 60 px tall and a question's button `top` px from the window's top. */
    function layout(top: number, x = 900) {
      const navbar = document.createElement('div');
      navbar.className = 'navbar';
      navbar.getBoundingClientRect = () => DOMRect.fromRect({ width: 1440, height: 60 });
      const opener = document.createElement('span');
      opener.getBoundingClientRect = () => DOMRect.fromRect({ x, y: top, width: 80, height: 32 });
      document.body.append(navbar, opener);
      return opener;
    }

    it.each([
      // A detail page's header button (jsdom's window is 1024 px wide): above it, the question
      // would cover the navbar; below, it lines up with the button's right edge.
      [118, 900, 'bottomRight'],
      [199, 900, 'bottomRight'],
      // A button in the left half: below, centred.
      [118, 300, 'bottom'],
      // A list row lower down: above, as antd places it; in the right half, lined up on the right.
      [200, 900, 'topRight'],
      [420, 300, 'top'],
    ])('places the question of a button %i px down, %i px across: %s', (top, x, where) => {
      const opener = layout(top, x);
      try {
        expect(questionPlacement(opener)).toBe(where);
      } finally {
        document.querySelector('.navbar')?.remove();
        opener.remove();
      }
    });

    it("keeps antd's placement where there is no navbar (a window page) or no button", () => {
      expect(questionPlacement(null)).toBe('top');
      const opener = document.createElement('span');
      opener.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 300, height: 32 });
      expect(questionPlacement(opener)).toBe('top');
    });
  });
});
