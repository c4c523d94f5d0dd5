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

export function progressStart(): void {
  if (pending++ === 0) NProgress.start();
}

export function progressDone(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
