// Profile calls: read and update the allowed fields, picture upload, birthday/anniversary
// (baupdate) and the optional sign-up answers (userregistrationinfo).
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { UserResponse } from './user';
import { nameField, optionalDateField, optionalName, optionalText, phoneField } from '../validation';

/** The fields a viewer may change; anything else in the body is dropped (spec §5). */
export const PROFILE_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'nickname',
  'phone',
  'address',
  'city',
  'state',
  'country',
  'zip',
  'recipient_name',
  'birthday',
  'anniversary',
] as const;

export const UpdateProfileRequest = z.object({
  first_name: nameField('first name').optional(),
  middle_name: optionalName(60).optional(),
  last_name: nameField('last name').optional(),
  nickname: optionalName(40).optional(),
  phone: phoneField.optional(),
  address: optionalText(200).optional(),
  city: optionalText(80).optional(),
  state: optionalText(80).optional(),
  country: optionalText(80).optional(),
  zip: optionalText(20).optional(),
  recipient_name: optionalName(120).optional(),
  birthday: optionalDateField.optional(),
  anniversary: optionalDateField.optional(),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

export const DatesRequest = z.object({ birthday: optionalDateField, anniversary: optionalDateField });
export type DatesRequest = z.input<typeof DatesRequest>;

export const HOW_HEARD = ['friend', 'social', 'search', 'tv', 'exhibition', 'other'] as const;
export const SHOPPING_FOR = ['myself', 'gifts', 'both'] as const;

export const RegistrationInfoRequest = z.object({
  how_heard: z.enum(HOW_HEARD, { error: 'Choose how you heard about us.' }).optional(),
  shopping_for: z.enum(SHOPPING_FOR, { error: 'Choose who you shop for.' }).optional(),
  favorite_gemstones: z.array(z.string().trim().min(1).max(40)).max(10, 'Pick at most 10 gemstones.').optional(),
  ring_size: optionalText(10).optional(),
});
export type RegistrationInfoRequest = z.input<typeof RegistrationInfoRequest>;

export const RegistrationInfo = z.object({
  how_heard: z.string().nullable(),
  shopping_for: z.string().nullable(),
  favorite_gemstones: z.array(z.string()),
  ring_size: z.string().nullable(),
});
export type RegistrationInfo = z.infer<typeof RegistrationInfo>;
export const RegistrationInfoResponse = envelopeOf(RegistrationInfo);

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_SIZE_PX = 512;

export const profileCalls = {
  /** profile_v1 GET (token): the signed-in user. */
  view: defineCall({ method: 'GET', path: '/api/profile_v1', response: UserResponse }),
  /** profile_v1 POST (token): the allowed fields; others are dropped. */
  update: defineCall({ method: 'POST', path: '/api/profile_v1', body: UpdateProfileRequest, response: UserResponse }),
  /** baupdate (token): sets or clears birthday and anniversary. */
  updateDates: defineCall({ method: 'POST', path: '/api/baupdate', body: DatesRequest, response: UserResponse }),
  /** userregistrationinfo (token): the optional sign-up answers. */
  registrationInfo: defineCall({
    method: 'POST',
    path: '/api/userregistrationinfo',
    body: RegistrationInfoRequest,
    response: RegistrationInfoResponse,
  }),
  /** profileimage_v1 (token): the picture as multipart field "image" (no JSON body, so none declared). */
  picture: defineCall({ method: 'POST', path: '/api/profileimage_v1', response: UserResponse }),
};
