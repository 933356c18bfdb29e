// Maps a users row to the user record of spec §3, the one shape the API returns for a person.
import type { UserRecord } from '../../../shared/contract/user';
import type { UserRow } from '../../db/schema';

export function toUserRecord(row: UserRow, mediaBaseUrl: string): UserRecord {
  const fullName = [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    nickname: row.nickname,
    email: row.email,
    isactive: row.isactive,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    zip: row.zip,
    full_name: fullName,
    recipient_name: row.recipient_name,
    profile_picture: row.profile_picture ? mediaBaseUrl + row.profile_picture : '',
    weavy_member_Id: `gemcast-${row.id}`,
    birthday: row.birthday ?? '',
    anniversary: row.anniversary ?? '',
    invitedCode: row.invited_code ?? '',
    myInviteCode: row.my_invite_code,
    RSVPEventId: null,
    SpecialEventId: null,
    is_staff: row.is_staff,
  };
}
