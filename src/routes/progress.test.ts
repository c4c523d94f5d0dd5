import NProgress from 'nprogress';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressDone, progressStart } from './progress';

describe('progress bar', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => {
    NProgress.remove();
    vi.useRealTimers();
  });

  it('starts in the next frame, once for nested starts, and ends with the last done', () => {
    progressStart();
    progressStart();
    expect(NProgress.isStarted()).toBe(false);
    vi.advanceTimersToNextFrame();
    expect(NProgress.isStarted()).toBe(true);
    progressDone();
    expect(NProgress.status).not.toBeNull();
    progressDone();
    // Done: NProgress sets 100 % and forgets the status.
    expect(NProgress.status).toBeNull();
  });

  it('shows nothing for a start undone before its frame', () => {
    progressStart();
    progressDone();
    vi.advanceTimersToNextFrame();
    expect(NProgress.isStarted()).toBe(false);
    expect(document.getElementById('nprogress')).toBeNull();
  });
});
