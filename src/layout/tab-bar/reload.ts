import { createStore } from '../../stores/create-store';

/** A counter per tab; bumping it remounts the page (the tab bar's "reload"). */
export const reloadKeys = createStore<Record<string, number>>({});

export function reloadTab(name: string): void {
  reloadKeys.set((prev) => ({ ...prev, [name]: (prev[name] ?? 0) + 1 }));
}
