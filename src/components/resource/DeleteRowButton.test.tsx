import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusVisible } from '../../test/focus-visible';
import { i18n } from '../../providers/i18n';
import { DeleteRowButton } from './DeleteRowButton';

/** The tooltip's popup is shown: antd keeps a closed one, leaving (no animation here) or hidden. */
const tipShown = () => {
  const tip = document.querySelector('.ant-tooltip');
  return tip !== null && !/-leave|-hidden/.test(tip.className);
};

function renderButton() {
  const remove = vi.fn();
  render(<DeleteRowButton resource="scene" id={7} title="Bolt" remove={remove} />);
  return remove;
}

describe('DeleteRowButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names itself on hover, asks on click (the tip out of the way), deletes on OK', async () => {
    await i18n.changeLanguage('en-US');
    const remove = renderButton();
    expect(document.querySelector('.ant-tooltip, .ant-popover')).toBeNull();
    await act(async () => fireEvent.pointerEnter(screen.getByRole('button', { name: 'Delete' })));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await screen.findByText('Delete “Bolt”? This cannot be undone.');
    await waitFor(() => expect(tipShown()).toBe(false));
    // The pointer is still on the button: its tip would cover the confirmation's buttons.
    const rowButton = screen.getByLabelText('Delete', { selector: 'button' });
    await act(async () => {
      fireEvent.pointerEnter(rowButton);
      fireEvent.mouseEnter(rowButton);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(tipShown()).toBe(false);
    expect(remove).not.toHaveBeenCalled();
    const ok = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-dangerous');
    await act(async () => fireEvent.click(ok as HTMLElement));
    expect(remove).toHaveBeenCalledWith('scene', 7);
  });

  it("names itself on a keyboard's focus; its question takes the focus at once and gives it back", async () => {
    await i18n.changeLanguage('zh-CN');
    focusVisible(true);
    renderButton();
    await act(async () => screen.getByRole('button', { name: '删除' }).focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('删除');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除' }));

    const row = screen.getByRole('button', { name: '删除' });
    await act(async () => fireEvent.click(row));
    await screen.findByText('确定删除「Bolt」吗？此操作不可撤销。');
    // The question takes the focus at once, on Cancel, and gives it back to the mounted-again
    // row button (antd's animation never ends in jsdom: none of this waits for it).
    await waitFor(() =>
      expect(document.activeElement?.textContent?.replace(/\s/g, '')).toBe('取消'),
    );
    const swapped = document.querySelector('button[aria-label="删除"]');
    expect(swapped).not.toBe(row);
    await act(async () =>
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape', keyCode: 27 }),
    );
    await waitFor(() => expect(document.activeElement).toBe(swapped));
  });

  it('asks at once when clicked with no hover before (a touch)', async () => {
    await i18n.changeLanguage('en-US');
    renderButton();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await screen.findByText('Delete “Bolt”? This cannot be undone.');
    expect(tipShown()).toBe(false);
  });
});
