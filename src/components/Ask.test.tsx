import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { Ask } from './Ask';

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
});
