// Staff image uploads (decision 047): checks the upload is a picture within the limits, stores it
// re-encoded at each width under media/events/ and answers the path to save on the record.
import { IMAGE_FOLDER, IMAGE_MAX_PIXELS, IMAGE_WIDTHS, type UploadedImage } from '../../../shared/contract/staff-media';
import { imageAtWidth } from '../../../shared/image-sizes';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { ImageTooLargeError, NotAnImageError, storeSizedImage } from '../../platform/media';
import { STATUS } from '../../../shared/contract/envelope';

const imageIssue = (message: string) => [{ field: 'image', message }];
const tooLarge = () => new AppError(413, MESSAGES.imageTooLarge, STATUS.badRequest, imageIssue(MESSAGES.imageTooLarge));

export function createStaffMediaService(ctx: AppContext) {
  const { config } = ctx;
  return {
    /** `upload` is the file's bytes (null when none came); `truncated` when it ran past the byte limit. */
    async upload(upload: Buffer | null, truncated: boolean): Promise<UploadedImage> {
      if (truncated) throw tooLarge();
      if (!upload || upload.length === 0) throw badRequest(MESSAGES.imageRequired, imageIssue(MESSAGES.imageRequired));
      let stored: string;
      try {
        stored = await storeSizedImage(
          config.dataDir,
          IMAGE_FOLDER,
          upload,
          ctx.random,
          IMAGE_WIDTHS,
          IMAGE_MAX_PIXELS,
        );
      } catch (error) {
        if (error instanceof ImageTooLargeError) throw tooLarge();
        if (error instanceof NotAnImageError)
          throw badRequest(MESSAGES.imageNotImage, imageIssue(MESSAGES.imageNotImage));
        throw error;
      }
      const url = config.mediaBaseUrl + stored;
      return {
        image: `/media/${stored}`,
        url,
        sizes: IMAGE_WIDTHS.map((width) => ({ width, url: imageAtWidth(url, width) ?? url })),
      };
    },
  };
}

export type StaffMediaService = ReturnType<typeof createStaffMediaService>;
