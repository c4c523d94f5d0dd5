import type { AppSettings } from './store';

/** Body side effects of the settings (spec §4); returns nothing to undo: each call sets all. */
export function applyBodyEffects(
  settings: Pick<AppSettings, 'theme' | 'colorWeak'>,
  body: HTMLElement = document.body,
): void {
  if (settings.theme === 'dark') body.setAttribute('data-theme', 'dark');
  else body.removeAttribute('data-theme');
  body.style.filter = settings.colorWeak ? 'invert(80%)' : '';
}

/** What a toggle implies for other settings: top menu on → menu un-collapsed (spec §4). */
export function impliedPatch(key: keyof AppSettings, value: unknown): Partial<AppSettings> {
  if (key === 'topMenu' && value === true) return { menuCollapse: false };
  return {};
}

export const MOBILE_BREAKPOINT = 992;

export function deviceFor(width: number): AppSettings['device'] {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}
