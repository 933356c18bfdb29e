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
