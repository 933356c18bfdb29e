// The widths of an uploaded image (decision 047): an upload is stored as <name>-320w.webp,
// <name>-640w.webp and <name>-1280w.webp, and the record keeps the 1280 one. Pages build the
// srcset from that name; any other image address (an https:// one, the demo's) has no srcset.
// No zod here: the home page's cards use it on the first load.

/** The widths every uploaded image is stored at; the largest is the one saved on the record. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

const SIZED = /^(.*)-(\d+)w\.webp$/;

/** The address of `src` at `width`, or null when `src` is not one of our sized uploads. */
export function imageAtWidth(src: string, width: number): string | null {
  const match = SIZED.exec(src);
  if (!match || !IMAGE_WIDTHS.some((w) => String(w) === match[2])) return null;
  return `${match[1]}-${width}w.webp`;
}

/** The srcset of one of our uploads ('…-320w.webp 320w, …'), or undefined for any other address. */
export function srcSetOf(src: string): string | undefined {
  if (imageAtWidth(src, IMAGE_WIDTHS[0]) === null) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageAtWidth(src, width)} ${width}w`).join(', ');
}

/** The stored file name for a width. */
export const sizedName = (base: string, width: number) => `${base}-${width}w.webp`;
