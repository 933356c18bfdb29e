// Staff image uploads (decision 047): a show's, giveaway's, prize's or spin prize's picture goes up
// as multipart field "image", is re-encoded to WebP at three widths, and its path is then saved on
// the record through the record's own call (the image fields of staff events, giveaways, spin prizes).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';

export { IMAGE_WIDTHS } from '../image-sizes';

export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The folder under the media root that holds staff uploads. */
export const IMAGE_FOLDER = 'events';

export const UploadedImage = z.object({
  /** The path to save on the record: '/media/events/<name>-1280w.webp'. */
  image: z.string(),
  /** The same image as viewers fetch it (the media base URL in front). */
  url: z.string(),
  /** Each stored width with its address, smallest first. */
  sizes: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type UploadedImage = z.infer<typeof UploadedImage>;
export const UploadedImageResponse = envelopeOf(UploadedImage);

export const staffMediaCalls = {
  /** Upload an image (multipart field "image"; no JSON body, so none declared). */
  upload: defineCall({
    method: 'POST',
    path: '/api/staff/media',
    response: UploadedImageResponse,
  }),
};
