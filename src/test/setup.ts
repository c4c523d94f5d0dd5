import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach } from 'vitest';
import { loadAllTexts } from '../providers/i18n';

// Unit tests render pages without the shell, which would otherwise load these texts.
await loadAllTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// A navigation's progress bar fades out on timers that would otherwise fire after the file's
// document is torn down.
afterAll(async () => {
  if (NProgress.status !== null) NProgress.done();
  const deadline = Date.now() + 2000;
  while (document.getElementById('nprogress') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
