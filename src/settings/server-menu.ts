import type { AxiosInstance } from 'axios';
import type { TFunction } from 'i18next';
import type { Envelope } from '../../contract/envelope';
import { feedbackNotification } from '../providers/feedback';
import { createStore } from '../stores/create-store';
import { patchSettings, type ServerMenuItem } from './store';

export const MENU_NOTICE_KEY = 'menuNotice';
export const SERVER_MENU_URL = '/api/user/menu';

/**
 * Where the server menu stands in this page: `failed` keeps the role rules guarding and the
 * local menu showing until the switch is turned off and on again (DECISIONS.md, "Server menu
 * failure"). Not persisted: a reload tries again.
 */
export type ServerMenuStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export const serverMenuStatus = createStore<ServerMenuStatus>('idle');

let inFlight: Promise<boolean> | null = null;

async function load(http: AxiosInstance, t: TFunction): Promise<boolean> {
  const notify = feedbackNotification();
  serverMenuStatus.set('loading');
  notify.info({ key: MENU_NOTICE_KEY, message: t('settings.menuLoading'), duration: 0 });
  try {
    const res = await http.post<Envelope<ServerMenuItem[]>>(SERVER_MENU_URL, {});
    patchSettings({ serverMenu: res.data.data ?? [] });
    serverMenuStatus.set('loaded');
    notify.success({ key: MENU_NOTICE_KEY, message: t('settings.menuLoaded'), duration: 3 });
    return true;
  } catch {
    serverMenuStatus.set('failed');
    notify.error({
      key: MENU_NOTICE_KEY,
      message: t('settings.menuFailed'),
      description: t('settings.menuFailedHint'),
      closable: true,
      duration: 0,
    });
    return false;
  }
}

/**
 * Fetches the menu for the caller's role (spec §4): an info notice while loading, then a
 * success or a closable error notice, all under the one key so each replaces the last.
 * The switch and the route guard both ask for it when the mode turns on; calls made while a
 * fetch is under way share it, so the menu is requested once.
 */
export function fetchServerMenu(http: AxiosInstance, t: TFunction): Promise<boolean> {
  inFlight ??= load(http, t).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export function clearServerMenu(): void {
  patchSettings({ serverMenu: [] });
  serverMenuStatus.set('idle');
}
