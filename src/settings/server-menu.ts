import type { AxiosInstance } from 'axios';
import type { TFunction } from 'i18next';
import type { Envelope } from '../../contract/envelope';
import { feedbackNotification } from '../providers/feedback';
import { patchSettings, type ServerMenuItem } from './store';

export const MENU_NOTICE_KEY = 'menuNotice';
export const SERVER_MENU_URL = '/api/user/menu';

/**
 * Fetches the menu for the caller's role (spec §4): an info notice while loading, then a
 * success or a closable error notice, all under the one key so each replaces the last.
 */
export async function fetchServerMenu(http: AxiosInstance, t: TFunction): Promise<boolean> {
  const notify = feedbackNotification();
  notify.info({ key: MENU_NOTICE_KEY, message: t('settings.menuLoading'), duration: 0 });
  try {
    const res = await http.post<Envelope<ServerMenuItem[]>>(SERVER_MENU_URL, {});
    patchSettings({ serverMenu: res.data.data ?? [] });
    notify.success({ key: MENU_NOTICE_KEY, message: t('settings.menuLoaded'), duration: 3 });
    return true;
  } catch {
    notify.error({ key: MENU_NOTICE_KEY, message: 'error', closable: true, duration: 0 });
    return false;
  }
}

export function clearServerMenu(): void {
  patchSettings({ serverMenu: [] });
}
