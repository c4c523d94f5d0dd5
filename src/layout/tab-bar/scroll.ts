/**
 * Scroll positions of pages left through the tab bar. Navigation resets scroll to the top
 * (spec §2), but coming back to a kept-alive tab returns to where the user was.
 */
const positions = new Map<string, number>();

/** Router state marking a navigation made by the tab bar. */
export const TAB_SWITCH = { tabSwitch: true } as const;

export function rememberScroll(name: string | null): void {
  if (name) positions.set(name, window.scrollY);
}

export function scrollFor(name: string | null | undefined, state: unknown): number {
  const fromTab = typeof state === 'object' && state !== null && 'tabSwitch' in state;
  return fromTab && name ? (positions.get(name) ?? 0) : 0;
}
