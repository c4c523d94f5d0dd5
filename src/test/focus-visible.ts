import { vi } from 'vitest';

/**
 * jsdom never marks a focus visible: make `:focus-visible` say what a browser says after a Tab
 * (true) or a mouse press (false). Undone by `vi.restoreAllMocks()`.
 */
export function focusVisible(visible: boolean): void {
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (
    this: Element,
    selector: string,
  ) {
    return selector === ':focus-visible' ? visible : matches.call(this, selector);
  });
}
