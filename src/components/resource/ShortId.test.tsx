import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindMessage } from '../../providers/feedback';
import { i18n } from '../../providers/i18n';
import { ShortId } from './ShortId';

const CHAT_ID = '95d0d9d43b697500cdd21b82d99b4996';
const toasts: string[] = [];
let unbind: () => void;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  toasts.length = 0;
  const say = (text: unknown) => {
    toasts.push(String(text));
    return Promise.resolve(true);
  };
  unbind = bindMessage({ success: say, error: say } as unknown as Parameters<
    typeof bindMessage
  >[0]);
});

afterEach(() => {
  unbind();
  vi.unstubAllGlobals();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

describe('ShortId', () => {
  it('shows the first eight characters and the whole ID when hovered', async () => {
    render(<ShortId value={CHAT_ID} label="Chat ID" />);
    const short = screen.getByText('95d0d9d4…');
    await act(async () => fireEvent.pointerEnter(short));
    expect((await screen.findByRole('tooltip')).textContent).toBe(CHAT_ID);
  });

  it('copies the whole ID and says so', async () => {
    const written: string[] = [];
    stubClipboard((text) => {
      written.push(text);
      return Promise.resolve();
    });
    render(<ShortId value={CHAT_ID} label="Chat ID" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Chat ID' }));
    await waitFor(() => expect(toasts).toEqual([`Copied ${CHAT_ID}`]));
    expect(written).toEqual([CHAT_ID]);
  });

  it('says so when the browser refuses the clipboard', async () => {
    stubClipboard(() => Promise.reject(new Error('NotAllowedError')));
    render(<ShortId value={CHAT_ID} label="Chat ID" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Chat ID' }));
    await waitFor(() => expect(toasts).toEqual(['Copy failed: the browser did not allow it']));
  });

  it('shows a short value whole, without a button, and nothing as a dash', () => {
    render(
      <>
        <ShortId value="u0001" label="User ID" />
        <ShortId value={null} label="Chat ID" />
      </>,
    );
    expect(screen.getByText('u0001')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
