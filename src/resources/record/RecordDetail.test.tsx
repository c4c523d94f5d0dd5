import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { envelope, type SeenRequest } from '../../test/fake-http';
import RecordDetail from './RecordDetail';
import { ok, renderRoute, signIn, signOut } from './testing';
import { orderMessages, type ChatMessage } from './Transcript';

const DETAIL = '/api/manage/v1/record/detail';
const UPDATE = '/api/manage/v1/record/update';

const MESSAGES: ChatMessage[] = [
  {
    id: 12,
    seq: 3,
    role: 'assistant',
    content: 'Here is **bold** and <script>alert(1)</script>',
    createdAt: '2024-05-01T08:00:05Z',
    promptTokens: 1_040,
    completionTokens: 12,
    feedback: 'dislike',
    feedbackNote: 'too short',
  },
  {
    id: 10,
    seq: 1,
    role: 'system',
    content: 'You are a helpful assistant.',
    createdAt: '2024-05-01T08:00:00Z',
    promptTokens: 0,
    completionTokens: 0,
    feedback: null,
    feedbackNote: null,
  },
  {
    id: 11,
    seq: 2,
    role: 'user',
    content: 'How do I reset my password?',
    createdAt: '2024-05-01T08:00:01Z',
    promptTokens: 0,
    completionTokens: 0,
    feedback: null,
    feedbackNote: null,
  },
];

function session(version = 3) {
  return {
    id: 7,
    version,
    chatId: '0123456789abcdef0123456789abcdef',
    title: 'Password help',
    sceneCode: 'support',
    sceneName: 'Customer support',
    type: 1,
    tag: ['account'],
    createdAt: '2024-05-01T08:00:00Z',
    updatedAt: '2024-05-01T08:00:05Z',
    modifiedAt: '2024-05-01T08:00:05Z',
    userId: 'u1',
    messageCount: 3,
    totalTokens: 12_052,
    messages: MESSAGES,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

describe('transcript order', () => {
  it('sorts by seq whatever order the answer has', () => {
    expect(orderMessages(MESSAGES).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(orderMessages(null)).toEqual([]);
  });
});

describe('session record detail', () => {
  it('shows the facts and the transcript in order, each message with its role', async () => {
    renderRoute(
      'record.detail',
      '/record/detail?id=7',
      (req) => {
        if (req.url === DETAIL) return ok(session());
        return { status: 404, body: envelope(40400) };
      },
      <RecordDetail />,
    );
    const log = await screen.findByRole('log', { name: 'Chat transcript' });
    const messages = within(log).getAllByRole('article');
    expect(messages.map((m) => m.getAttribute('aria-label'))).toEqual([
      'System',
      'User',
      'Assistant',
    ]);
    expect(messages.map((m) => m.className)).toEqual([
      expect.stringContaining('transcript__message--system'),
      expect.stringContaining('transcript__message--user'),
      expect.stringContaining('transcript__message--assistant'),
    ]);
    expect(messages[1]?.textContent).toContain('How do I reset my password?');
    // Markdown rendered, raw HTML as text.
    expect(within(messages[2]!).getByText('bold').tagName).toBe('STRONG');
    expect(messages[2]?.textContent).toContain('<script>alert(1)</script>');
    expect(log.querySelector('script')).toBeNull();
    expect(within(messages[2]!).getByText('Tokens 1,040 in / 12 out')).toBeTruthy();
    expect(within(messages[2]!).getByRole('img', { name: 'Disliked: too short' })).toBeTruthy();
    // Header facts.
    expect(screen.getByText('0123456789abcdef0123456789abcdef')).toBeTruthy();
    expect(screen.getByText('Customer support')).toBeTruthy();
    expect(screen.getByText('Chat mode')).toBeTruthy();
    // Counts with the locale's separators, as the statistics write them.
    expect(screen.getByText('12,052')).toBeTruthy();
  });

  it('saves title and tags with the version read; a 40900 keeps the edits and says why', async () => {
    let version = 3;
    let conflictNext = false;
    const { bodies } = renderRoute(
      'record.detail',
      '/record/detail?id=7',
      (req: SeenRequest) => {
        if (req.url === DETAIL) return ok(session(version));
        if (req.url === UPDATE) {
          if (conflictNext) return { status: 409, body: envelope(40900, null, 'stale') };
          version += 1;
          return ok({ ...session(version), ...(req.body as object) });
        }
        return { status: 404, body: envelope(40400) };
      },
      <RecordDetail />,
    );
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Password reset help' } });
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'vip' } });
    fireEvent.keyDown(tags, { key: 'Enter', keyCode: 13 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(bodies(UPDATE)).toHaveLength(1));
    expect(bodies(UPDATE)[0]).toEqual({
      id: 7,
      version: 3,
      title: 'Password reset help',
      tag: ['account', 'vip'],
    });

    // The next save is stale: the form keeps the operator's text and explains.
    conflictNext = true;
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Mine' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this session');
    expect(bodies(UPDATE)[1]).toMatchObject({ id: 7, version: 4, title: 'Mine' });
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Mine');
  });
});
