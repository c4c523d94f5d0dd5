import axios from 'axios';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindNotification } from '../providers/feedback';
import { i18n } from '../providers/i18n';
import { envelope, installFakeServer, type FakeAnswer } from '../test/fake-http';
import {
  clearServerMenu,
  fetchServerMenu,
  MENU_NOTICE_KEY,
  SERVER_MENU_URL,
  serverMenuStatus,
} from './server-menu';
import { settingsStore } from './store';

const MENU = [{ name: 'scene.list', path: '/scene/list', locale: 'scene.menu.list' }];
const t = i18n.t.bind(i18n);

const notice = {
  info: vi.fn(),
  success: vi.fn(),
  error: vi.fn(),
};
let unbind: () => void = () => undefined;

function server(answer: () => FakeAnswer | Promise<FakeAnswer>) {
  const http = axios.create();
  const seen = installFakeServer(http, answer);
  return { http, menuCalls: () => seen.filter((r) => r.url === SERVER_MENU_URL).length };
}

beforeEach(() => {
  Object.values(notice).forEach((fn) => fn.mockClear());
  unbind = bindNotification(notice as unknown as NotificationInstance);
});

afterEach(() => {
  unbind();
  clearServerMenu();
  settingsStore.reset();
});

describe('fetchServerMenu (spec §4, §8)', () => {
  it('callers asking while a fetch is under way share it: one request', async () => {
    let answer: (a: FakeAnswer) => void = () => undefined;
    const { http, menuCalls } = server(() => new Promise<FakeAnswer>((r) => (answer = r)));
    const first = fetchServerMenu(http, t);
    const second = fetchServerMenu(http, t);
    expect(second).toBe(first);
    expect(serverMenuStatus.get()).toBe('loading');
    await vi.waitFor(() => expect(menuCalls()).toBe(1));
    answer({ body: envelope(0, MENU) });
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(menuCalls()).toBe(1);
    expect(serverMenuStatus.get()).toBe('loaded');
    expect(settingsStore.get().serverMenu).toEqual(MENU);
    expect(notice.info).toHaveBeenCalledOnce();
    expect(notice.success).toHaveBeenCalledWith(expect.objectContaining({ key: MENU_NOTICE_KEY }));
  });

  it('a failure leaves the menu as it was and shows the closable error notice', async () => {
    const { http } = server(() => ({ status: 500, body: envelope(50000, null, 'down') }));
    expect(await fetchServerMenu(http, t)).toBe(false);
    expect(serverMenuStatus.get()).toBe('failed');
    expect(settingsStore.get().serverMenu).toEqual([]);
    expect(notice.error).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        key: MENU_NOTICE_KEY,
        message: t('settings.menuFailed'),
        closable: true,
        duration: 0,
      }),
    );
  });

  it('once a fetch has ended, the next call asks again', async () => {
    const answers: FakeAnswer[] = [{ networkError: 'Network Error' }, { body: envelope(0, MENU) }];
    const { http, menuCalls } = server(() => answers.shift() ?? { body: envelope(0, []) });
    expect(await fetchServerMenu(http, t)).toBe(false);
    expect(await fetchServerMenu(http, t)).toBe(true);
    expect(menuCalls()).toBe(2);
    expect(serverMenuStatus.get()).toBe('loaded');
  });

  it('clearing the menu empties it and forgets a failure', async () => {
    const { http } = server(() => ({ networkError: 'Network Error' }));
    await fetchServerMenu(http, t);
    clearServerMenu();
    expect(serverMenuStatus.get()).toBe('idle');
    expect(settingsStore.get().serverMenu).toEqual([]);
  });
});
