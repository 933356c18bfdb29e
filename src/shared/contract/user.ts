// The user record of spec §3 as the API returns it, and the fields a viewer may change.
import { z } from 'zod';
import { envelopeOf } from './envelope';

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const UserRecord = z.object({
  id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  nickname: z.string(),
  email: z.string(),
  isactive: z.number().int(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  full_name: z.string(),
  recipient_name: z.string(),
  profile_picture: z.string(),
  weavy_member_Id: z.string(),
  birthday: z.string(),
  anniversary: z.string(),
  invitedCode: z.string(),
  myInviteCode: z.string(),
  RSVPEventId: z.number().int().nullable(),
  SpecialEventId: z.number().int().nullable(),
  is_staff: z.number().int(),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const AuthedUser = UserRecord.extend({ tokenvalue: z.string() });
export type AuthedUser = z.infer<typeof AuthedUser>;

export const UserResponse = envelopeOf(UserRecord);
export const AuthedUserResponse = envelopeOf(AuthedUser);
