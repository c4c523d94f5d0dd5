/**
 * A tick filter that labels every step-th value of a category axis, from the first, so that at
 * most `most` of `count` values are labelled. The charting library lays out and measures every
 * label it is given before hiding the ones that collide; over a quarter of days that costs more
 * than drawing the chart itself.
 */
export function spacedTicks(
  count: number,
  most: number,
): (value: unknown, index: number) => boolean {
  const step = Math.max(1, Math.ceil(count / most));
  return (_value, index) => index % step === 0;
}
