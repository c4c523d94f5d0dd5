import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Spec §9: thin bar, no spinner, minimum 0.08, speed 200 ms, trickle rate 0.02, every 800 ms.
// @types/nprogress lacks trickleRate, which nprogress 0.2 does read.
export const PROGRESS_OPTIONS = {
  showSpinner: false,
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
};
NProgress.configure(PROGRESS_OPTIONS as Partial<NProgress.NProgressOptions>);

let pending = 0;
let frame: number | null = null;

/**
 * The bar starts in the next animation frame: NProgress reads offsetWidth as it starts, which in
 * a navigation's effect forced a costly layout of the half-committed page. A start undone
 * before its frame shows nothing.
 */
export function progressStart(): void {
  if (pending++ > 0) return;
  frame = requestAnimationFrame(() => {
    frame = null;
    if (pending > 0) NProgress.start();
  });
}

export function progressDone(): void {
  pending = Math.max(0, pending - 1);
  if (pending > 0) return;
  if (frame !== null) {
    cancelAnimationFrame(frame);
    frame = null;
  } else {
    NProgress.done();
  }
}
