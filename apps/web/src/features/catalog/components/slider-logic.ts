export const SLIDE_INTERVAL_MS = 5000;
/** From this width two slides show at once (seed §9). */
export const WIDE_SLIDER_MIN_WIDTH = 1024;

/**
 * The next slide (seed §9): one step at a time; under 1024 px it wraps after the last slide, from
 * 1024 px (two slides visible) it wraps one slide earlier, so the view never shows an empty half.
 */
export function nextSlide(index: number, count: number, wide: boolean): number {
  if (count <= 1) return 0;
  const last = wide ? Math.max(0, count - 2) : count - 1;
  return index >= last ? 0 : index + 1;
}

export function previousSlide(index: number, count: number, wide: boolean): number {
  if (count <= 1) return 0;
  const last = wide ? Math.max(0, count - 2) : count - 1;
  return index <= 0 ? last : index - 1;
}
