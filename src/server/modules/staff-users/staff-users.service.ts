// Staff user management (decision 089): the rules of who may be granted, revoked, switched off or
// erased, what a viewer's page and export hold, and telling every process when sessions end.
import type { z } from 'zod';
import {
  ACTIVITY_ROWS,
  ERASED_EMAIL_DOMAIN,
  ERASED_NAME,
  STAFF_USER_MESSAGES as M,
  USERS_PAGE_SIZE,
  confirmsErase,
  type UserDetail,
  type UserSearchPage,
  type UserSearchQuery,
  type UserSummary,
} from '../../../shared/contract/staff-users';
import { seasonOf, summarizeLedger } from '../../../shared/rewards';
import { normalizePhone } from '../../../shared/validation';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { isoNow } from '../../platform/clock';
import { removeMedia } from '../../platform/media';
import { usersRepository } from '../auth/auth.repository';
import { rewardsRepository } from '../rewards/rewards.repository';
import { staffUsersRepository as repo } from './staff-users.repository';

/** The caller of a staff call: who they are and which session they called with. */
export type StaffCaller = { user: UserRow; tokenHash: string | null };

type SummaryRow = Pick<
  UserRow,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'nickname'
  | 'email'
  | 'phone'
  | 'is_staff'
  | 'isactive'
  | 'deactivated_at'
  | 'erased_at'
  | 'created_at'
>;

function summaryOf(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    nickname: row.nickname,
    email: row.email,
    phone: row.phone,
    is_staff: row.is_staff === 1,
    is_active: row.isactive === 1 && row.deactivated_at === null,
    deactivated_at: row.deactivated_at,
    erased_at: row.erased_at,
    created_at: row.created_at,
  };
}

/** Text typed in the search box as the filters read it. */
function searchTerms(q: string) {
  const text = q.normalize('NFKC').trim().toLowerCase();
  const digits = text.replace(/\D/g, '');
  return {
    text,
    phone: text ? normalizePhone(text) : null,
    digits: digits.length >= 4 && /^[+\d\s().-]+$/.test(text) ? digits : null,
  };
}

export function createStaffUsersService(ctx: AppContext) {
  const { db, clock, config } = ctx;

  async function userOr404(id: number): Promise<UserRow> {
    const user = await usersRepository.byId(db, id);
    if (!user || user.rehearsal_id !== null) throw notFound();
    return user;
  }

  function notSelf(caller: StaffCaller, target: UserRow) {
    if (caller.user.id === target.id) throw forbidden(M.notSelf);
  }

  function notErased(target: UserRow) {
    if (target.erased_at) throw conflict(M.erasedAlready);
  }

  async function detail(id: number, caller: StaffCaller): Promise<UserDetail> {
    const user = await userOr404(id);
    const by = user.deactivated_by === null ? undefined : await repo.nameOf(db, user.deactivated_by);
    const ledger = await rewardsRepository.all(db, id);
    const now = clock.now();
    const { balance } = summarizeLedger(ledger, now, seasonOf(now));
    const sessions = await repo.sessions(db, id, now.toISOString());
    return {
      profile: {
        ...summaryOf(user),
        middle_name: user.middle_name,
        address: user.address,
        city: user.city,
        state: user.state,
        country: user.country,
        zip: user.zip,
        recipient_name: user.recipient_name,
        birthday: user.birthday,
        anniversary: user.anniversary,
        profile_picture: user.profile_picture ? config.mediaBaseUrl + user.profile_picture : null,
        my_invite_code: user.my_invite_code,
        invited_code: user.invited_code,
        updated_at: user.updated_at,
      },
      state: {
        is_active: user.isactive === 1 && user.deactivated_at === null,
        is_unconfirmed: user.isactive === 0 && user.deactivated_at === null && user.erased_at === null,
        is_staff: user.is_staff === 1,
        deactivated_at: user.deactivated_at,
        deactivated_by: by ? { id: by.id, name: `${by.first_name} ${by.last_name}`.trim() } : null,
        erased_at: user.erased_at,
        is_self: user.id === caller.user.id,
      },
      activity: {
        ...(await repo.activity(db, id)),
        points: {
          balance,
          recent: ledger
            .slice(-ACTIVITY_ROWS)
            .reverse()
            .map((row) => ({
              seq: row.seq,
              points: row.points,
              reason: row.reason,
              note: row.note,
              state: row.state,
              created_at: row.created_at,
            })),
        },
      },
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: s.created_at,
        expires_at: s.expires_at,
        second_factor_at: s.second_factor_at,
        second_factor_method: s.second_factor_method,
        is_current: s.token_hash === caller.tokenHash,
      })),
    };
  }

  return {
    async search(query: z.output<typeof UserSearchQuery>): Promise<UserSearchPage> {
      const { rows, total } = await repo.search(db, {
        ...searchTerms(query.q),
        filter: query.filter,
        limit: USERS_PAGE_SIZE,
        offset: (query.page - 1) * USERS_PAGE_SIZE,
      });
      return { users: rows.map(summaryOf), total, page: query.page, page_size: USERS_PAGE_SIZE };
    },

    detail,

    /** Staff rights; the new staff member still needs an authenticator before staff pages open (decision 085). */
    async grantStaff(caller: StaffCaller, id: number): Promise<UserDetail> {
      const target = await userOr404(id);
      notErased(target);
      if (target.deactivated_at) throw conflict(M.alreadyOff);
      if (!(await repo.setStaff(db, id, true, isoNow(clock)))) throw conflict(M.alreadyStaff);
      await ctx.revokeSessions({ scope: 'rights', userId: id });
      return detail(id, caller);
    },

    /** Not one's own rights, and never the last staff account's (checked in the same transaction). */
    async revokeStaff(caller: StaffCaller, id: number): Promise<UserDetail> {
      const target = await userOr404(id);
      notSelf(caller, target);
      if (target.is_staff !== 1) throw conflict(M.notStaff);
      await db.transaction().execute(async (trx) => {
        if ((await repo.staffCount(trx)) <= 1) throw conflict(M.lastStaff);
        if (!(await repo.setStaff(trx, id, false, isoNow(clock)))) throw conflict(M.notStaff);
      });
      await ctx.revokeSessions({ scope: 'rights', userId: id });
      return detail(id, caller);
    },

    /**
     * Switches the account off and ends every session at once on every process. A staff account
     * is refused: its rights are removed first, on purpose, so no one loses a colleague by one click.
     */
    async deactivate(caller: StaffCaller, id: number): Promise<UserDetail> {
      const target = await userOr404(id);
      notSelf(caller, target);
      notErased(target);
      if (target.is_staff === 1) throw conflict(M.staffFirst);
      if (target.deactivated_at) throw conflict(M.alreadyOff);
      const now = isoNow(clock);
      await db.transaction().execute(async (trx) => {
        await repo.update(trx, id, {
          isactive: 0,
          deactivated_at: now,
          deactivated_by: caller.user.id,
          updated_at: now,
        });
        await repo.deleteSessions(trx, id);
      });
      await ctx.revokeSessions({ scope: 'account', userId: id });
      return detail(id, caller);
    },

    async reactivate(caller: StaffCaller, id: number): Promise<UserDetail> {
      const target = await userOr404(id);
      notSelf(caller, target);
      notErased(target);
      if (!target.deactivated_at) throw conflict(M.alreadyOn);
      await repo.update(db, id, { isactive: 1, deactivated_at: null, deactivated_by: null, updated_at: isoNow(clock) });
      ctx.sessions.forgetUser(id);
      return detail(id, caller);
    },

    async endSession(caller: StaffCaller, id: number, sessionId: number): Promise<UserDetail> {
      await userOr404(id);
      const ended = await repo.deleteSession(db, id, sessionId);
      if (!ended) throw notFound(M.noSession);
      await ctx.revokeSessions({ scope: 'session', userId: id, sessionId, tokenHash: ended.token_hash });
      return detail(id, caller);
    },

    /** Everything stored about the viewer, for the download (no token hashes, keys or secrets). */
    async exportData(id: number) {
      const user = await userOr404(id);
      const { password_hash: passwordHash, ...profile } = user;
      return {
        format: 'gemcast-user-export-v1',
        exported_at: isoNow(clock),
        profile: { ...profile, has_password: passwordHash !== null },
        ...(await repo.exportRows(db, id)),
      };
    },

    /**
     * Erases the person on request (decision 089): personal fields anonymised, ways in removed,
     * every session ended everywhere. Ids stay, so entries, draws, spins and the points ledger
     * still verify.
     */
    async erase(caller: StaffCaller, id: number, confirm: string): Promise<UserDetail> {
      const target = await userOr404(id);
      notSelf(caller, target);
      notErased(target);
      if (target.is_staff === 1) throw conflict(M.staffFirst);
      if (!confirmsErase(confirm, target.email))
        throw badRequest(M.confirmErase, [{ field: 'confirm', message: M.confirmErase }]);
      const now = isoNow(clock);
      const erasedEmail = `erased-${id}@${ERASED_EMAIL_DOMAIN}`;
      await db.transaction().execute(async (trx) => {
        await repo.update(trx, id, {
          first_name: ERASED_NAME,
          middle_name: '',
          last_name: '',
          nickname: '',
          email: erasedEmail,
          // Unique like a real number, and never one: no + and letters in it.
          phone: `erased-${id}`,
          password_hash: null,
          address: '',
          city: '',
          state: '',
          country: '',
          zip: '',
          recipient_name: '',
          profile_picture: null,
          birthday: null,
          anniversary: null,
          // Their own invite code stops crediting anyone; who invited them stays as an id (referral points).
          my_invite_code: `ERASED${id}`,
          invited_code: null,
          ref_id: null,
          isactive: 0,
          erased_at: now,
          deactivated_at: target.deactivated_at ?? now,
          deactivated_by: target.deactivated_by ?? caller.user.id,
          updated_at: now,
        });
        await repo.eraseAround(trx, id, target.email, erasedEmail, now);
      });
      if (target.profile_picture) await removeMedia(config.dataDir, target.profile_picture);
      await ctx.revokeSessions({ scope: 'account', userId: id });
      return detail(id, caller);
    },
  };
}

export type StaffUsersService = ReturnType<typeof createStaffUsersService>;
