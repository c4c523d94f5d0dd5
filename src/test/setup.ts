import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTexts } from '../providers/i18n';

// Unit tests render pages without the shell, which would otherwise load these texts.
await loadAllTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// antd reads matchMedia for responsive props; jsdom has none.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
