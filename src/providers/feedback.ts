import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts, dialogs and notices raised outside React (interceptors, providers) go through the
 * hook APIs the app binds at start, so they follow the theme and locale. The message API is
 * bound by the root, the dialog and notice APIs by the logged-in shell. Calls made before their
 * API is bound wait and run once it is.
 */
type ConfirmApi = { confirm(config: Parameters<ModalHookAPI['confirm']>[0]): unknown };

interface Slot<T> {
  api: T | null;
  waiting: ((api: T) => void)[];
}

function slot<T>(): Slot<T> {
  return { api: null, waiting: [] };
}

function bind<T>(s: Slot<T>, api: T | null): () => void {
  s.api = api;
  if (api) s.waiting.splice(0).forEach((fn) => fn(api));
  return () => {
    if (s.api === api) s.api = null;
  };
}

/** A stand-in whose method calls wait until the real API is bound. */
function deferred<T extends object>(s: Slot<T>): T {
  return new Proxy({} as T, {
    get(_, prop) {
      return (...args: unknown[]) => {
        const run = (api: T) => {
          const fn = (api as Record<PropertyKey, unknown>)[prop];
          return typeof fn === 'function'
            ? (fn as (...a: unknown[]) => unknown).apply(api, args)
            : undefined;
        };
        if (s.api) return run(s.api);
        s.waiting.push(run);
        return undefined;
      };
    },
  });
}

const messageSlot = slot<MessageInstance>();
const modalSlot = slot<ConfirmApi>();
const notificationSlot = slot<NotificationInstance>();

export const bindMessage = (api: MessageInstance | null) => bind(messageSlot, api);
export const bindModal = (api: ConfirmApi | null) => bind(modalSlot, api);
export const bindNotification = (api: NotificationInstance | null) => bind(notificationSlot, api);

const lateMessage = deferred(messageSlot);
const lateModal = deferred(modalSlot);
const lateNotification = deferred(notificationSlot);

export function feedbackMessage(): MessageInstance {
  return messageSlot.api ?? lateMessage;
}

export function feedbackModal(): ConfirmApi {
  return modalSlot.api ?? lateModal;
}

export function feedbackNotification(): NotificationInstance {
  return notificationSlot.api ?? lateNotification;
}
