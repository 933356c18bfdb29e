// Where the spin wheel rests: segment i spans [i, i + 1) × 360/count degrees clockwise from the
// top, where the pointer is; turning the wheel by restingAngle puts the middle of that segment
// under the pointer.

/** Degrees (0 ≤ angle < 360) to turn so the middle of segment `index` sits under the pointer at the top. */
export function restingAngle(index: number, count: number): number {
  const slice = 360 / count;
  return (((360 - (index + 0.5) * slice) % 360) + 360) % 360;
}

/** The segment under the pointer when the wheel has turned `angle` degrees (the inverse, for tests). */
export function segmentAt(angle: number, count: number): number {
  const slice = 360 / count;
  const turned = (((360 - angle) % 360) + 360) % 360;
  return Math.floor(turned / slice) % count;
}

// Labels on the wheel: each reads along its slice's radius, from the hub outward, and is turned
// half a turn on the left half of the wheel so it is never upside down; the ones that do not fit
// get a smaller font, then an ellipsis. The legend and the result always show the full text.

/** The wheel's centre and radius in its 200-unit viewBox. */
export const WHEEL_CENTRE = 100;
export const WHEEL_RADIUS = 96;
/** Labels run between these radii: clear of the hub, short of the rim. */
export const LABEL_INNER = 20;
export const LABEL_OUTER = 93;
/** A bold character's average width as a share of the font size (the e2e check measures the real text). */
export const CHAR_WIDTH_EM = 0.6;
export const MIN_FONT = 7;

/** The largest font a slice takes: its width at the label's inner end must hold a line of text. */
export function maxFontForSlice(count: number): number {
  const chord = 2 * LABEL_INNER * Math.sin(Math.PI / Math.max(count, 2));
  return Math.min(11, Math.max(MIN_FONT, Math.floor(chord * 0.8 * 2) / 2));
}

/** How many characters fit between LABEL_INNER and LABEL_OUTER at `fontSize`. */
export function maxLabelChars(fontSize: number): number {
  return Math.floor((LABEL_OUTER - LABEL_INNER) / (fontSize * CHAR_WIDTH_EM));
}

/** The label as drawn on the wheel: its text (ellipsised when it cannot fit) and font size. */
export function wheelLabel(label: string, count: number): { text: string; fontSize: number } {
  const text = label.trim();
  const largest = maxFontForSlice(count);
  const fitting = (LABEL_OUTER - LABEL_INNER) / (Math.max(text.length, 1) * CHAR_WIDTH_EM);
  const fontSize = Math.max(MIN_FONT, Math.min(largest, Math.floor(fitting * 2) / 2));
  const max = maxLabelChars(fontSize);
  if (text.length <= max) return { text, fontSize };
  return { text: `${text.slice(0, max - 1).trimEnd()}…`, fontSize };
}

/** The direction (degrees clockwise from the top) of the middle of segment `index`. */
export const segmentMiddle = (index: number, count: number) => (index + 0.5) * (360 / count);

/**
 * Where segment `index`'s label sits on a wheel turned by `wheelAngle`: its anchor point (at the
 * inner end), its rotation inside the wheel and its text-anchor. On the left half of the screen
 * the text is turned by 180° and anchored at its end, so it covers the same span and reads upright.
 */
export function labelPlacement(
  index: number,
  count: number,
  wheelAngle: number,
): { x: number; y: number; rotate: number; anchor: 'start' | 'end'; flipped: boolean } {
  const middle = segmentMiddle(index, count);
  const rad = ((middle - 90) * Math.PI) / 180;
  const x = WHEEL_CENTRE + LABEL_INNER * Math.cos(rad);
  const y = WHEEL_CENTRE + LABEL_INNER * Math.sin(rad);
  const onScreen = (((middle + wheelAngle) % 360) + 360) % 360;
  const flipped = onScreen > 180 && onScreen < 360;
  return { x, y, rotate: flipped ? middle + 90 : middle - 90, anchor: flipped ? 'end' : 'start', flipped };
}

/** The text's reading direction on screen, degrees from pointing right (−90 < d ≤ 90 reads upright). */
export function readingDirection(rotate: number, wheelAngle: number): number {
  const d = (((rotate + wheelAngle) % 360) + 360) % 360;
  return d > 180 ? d - 360 : d;
}

/** What the viewer won, said once: 'You won 100 reward points.', 'You won Free shipping.'. */
export function spinResultText(label: string, points: number): string {
  const name = label.trim().replace(/[.!]+$/, '');
  const saysPoints = new RegExp(`(^|\\D)${points}(\\D|$)`).test(name) && /points?\b/i.test(name);
  if (points > 0 && !saysPoints) return `You won ${name}, plus ${points} reward points.`;
  return `You won ${name}.`;
}
