// The viewer's own profile: allowed-field updates, birthday/anniversary, the picture and the
// optional sign-up answers.
import type { z } from 'zod';
import type {
  DatesRequest,
  RegistrationInfo,
  RegistrationInfoRequest,
  UpdateProfileRequest,
} from '../../../shared/contract/profile';
import { PROFILE_FIELDS } from '../../../shared/contract/profile';
import type { UserRecord } from '../../../shared/contract/user';
import { MESSAGES, SPEC_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { UserRow, UserUpdate } from '../../db/schema';
import { AppError, conflict, unauthorized } from '../../http/errors';
import { STATUS } from '../../../shared/contract/envelope';
import { isoNow } from '../../platform/clock';
import { assertNotFuture } from '../../http/dates';
import { ImageTooLargeError, NotAnImageError, removeMedia, storePicture } from '../../platform/media';
import { usersRepository } from '../auth/auth.repository';
import { toUserRecord } from '../auth/user-record';
import { registrationInfoRepository } from './profile.repository';

const pictureFailure = (httpStatus: number, detail: string) =>
  new AppError(httpStatus, SPEC_MESSAGES.pictureUpdateFailed, STATUS.failed, [{ field: 'image', message: detail }]);

export function createProfileService(ctx: AppContext) {
  const { db, clock, config, sessions } = ctx;
  const record = (row: UserRow): UserRecord => toUserRecord(row, config.mediaBaseUrl);

  async function save(user: UserRow, patch: UserUpdate): Promise<UserRecord> {
    try {
      const row = await usersRepository.update(db, user.id, { ...patch, updated_at: isoNow(clock) });
      sessions.forgetUser(user.id);
      if (!row) throw unauthorized();
      return record(row);
    } catch (error) {
      if (isUniqueViolation(error, 'phone')) throw conflict(MESSAGES.phoneTaken);
      throw error;
    }
  }

  return {
    view: record,

    /** Applies only the allowed fields; '' clears birthday and anniversary. */
    update(user: UserRow, input: z.output<typeof UpdateProfileRequest>): Promise<UserRecord> {
      assertNotFuture(clock, { birthday: input.birthday, anniversary: input.anniversary });
      const patch: UserUpdate = {};
      for (const field of PROFILE_FIELDS) {
        const value = input[field];
        if (value === undefined) continue;
        if (field === 'birthday' || field === 'anniversary') patch[field] = value || null;
        else patch[field] = value;
      }
      return save(user, patch);
    },

    updateDates(user: UserRow, input: z.output<typeof DatesRequest>): Promise<UserRecord> {
      assertNotFuture(clock, { birthday: input.birthday, anniversary: input.anniversary });
      return save(user, { birthday: input.birthday || null, anniversary: input.anniversary || null });
    },

    async updatePicture(user: UserRow, upload: Buffer | null, truncated: boolean): Promise<UserRecord> {
      if (truncated) throw pictureFailure(413, MESSAGES.pictureTooLarge);
      if (!upload || upload.length === 0) throw pictureFailure(400, MESSAGES.pictureRequired);
      let stored: string;
      try {
        stored = await storePicture(config.dataDir, 'avatars', upload, ctx.random);
      } catch (error) {
        if (error instanceof ImageTooLargeError) throw pictureFailure(413, MESSAGES.pictureTooLarge);
        if (error instanceof NotAnImageError) throw pictureFailure(415, MESSAGES.pictureNotImage);
        throw error;
      }
      // Compare-and-swap so that of two racing uploads, each replaced file is deleted exactly once.
      let previous = user.profile_picture;
      while (!(await usersRepository.swapPicture(db, user.id, previous, stored, isoNow(clock)))) {
        const current = await usersRepository.byId(db, user.id);
        if (!current) throw unauthorized();
        previous = current.profile_picture;
      }
      sessions.forgetUser(user.id);
      if (previous) await removeMedia(config.dataDir, previous);
      const row = await usersRepository.byId(db, user.id);
      if (!row) throw unauthorized();
      return record(row);
    },

    async saveRegistrationInfo(
      user: UserRow,
      input: z.output<typeof RegistrationInfoRequest>,
    ): Promise<RegistrationInfo> {
      const existing = await registrationInfoRepository.byUser(db, user.id);
      const row = await registrationInfoRepository.upsert(db, {
        user_id: user.id,
        how_heard: input.how_heard ?? existing?.how_heard ?? null,
        shopping_for: input.shopping_for ?? existing?.shopping_for ?? null,
        favorite_gemstones: JSON.stringify(
          input.favorite_gemstones ?? (existing ? parseList(existing.favorite_gemstones) : []),
        ),
        ring_size: input.ring_size ?? existing?.ring_size ?? null,
        updated_at: isoNow(clock),
      });
      return {
        how_heard: row.how_heard,
        shopping_for: row.shopping_for,
        favorite_gemstones: parseList(row.favorite_gemstones),
        ring_size: row.ring_size,
      };
    },
  };
}

function parseList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export type ProfileService = ReturnType<typeof createProfileService>;
