// Viewers' chat tools and their staff side (decision 045): reporting a message (once per viewer per
// message, never one's own), hiding people from one's own chat, and staff resolving reports.
import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  type ChatReport,
  type HiddenPerson,
  type ReportResolution,
} from '../../../shared/contract/chat-reports';
import { CHAT_MESSAGES, chatText, cleanMessageText, type RoomRef } from '../../../shared/contract/chat';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { chatReportsRepository } from './chat-reports.repository';
import { chatRepository } from './chat.repository';
import { displayName, roomRefOf, type ChatService, type ChatUser } from './chat.service';

/** What the open sockets must hear after a resolution; the routes pass it to the hub. */
export type ReportFanOut =
  | { kind: 'deleted'; roomKey: string; id: number; unpinned: boolean }
  | { kind: 'muted'; userId: number; mutedUntil: string }
  | { kind: 'banned'; userId: number }
  | null;

const MUTE_MINUTES_DEFAULT = 60;

export function createChatReportsService(ctx: AppContext, chat: ChatService) {
  const { db, clock } = ctx;
  const nowIso = () => clock.now().toISOString();

  async function hiddenList(viewerId: number): Promise<HiddenPerson[]> {
    const rows = await chatReportsRepository.hiddenBy(db, viewerId);
    return rows.map((r) => ({ userId: r.hidden_user_id, name: displayName(r), hiddenAt: r.created_at }));
  }

  /** The person to hide or show again: they exist, and are not the viewer. */
  async function otherPerson(viewer: UserRow, userId: number) {
    if (userId === viewer.id) throw new AppError(422, REPORT_MESSAGES.hideSelf);
    const person = await chatRepository.author(db, userId);
    if (!person) throw notFound(REPORT_MESSAGES.noSuchPerson);
    return person;
  }

  return {
    async report(viewer: UserRow, messageId: number, reasonText: string | undefined) {
      const reason = cleanMessageText(reasonText ?? '');
      if ([...reason].length > REPORT_LIMITS.reasonChars) throw badRequest(REPORT_MESSAGES.reasonTooLong);
      const message = await chatRepository.messageById(db, messageId);
      if (!message || message.deleted_at) throw notFound(REPORT_MESSAGES.messageGone);
      if (message.user_id === viewer.id) throw new AppError(422, REPORT_MESSAGES.ownMessage);
      const at = nowIso();
      try {
        await chatReportsRepository.insertReport(db, {
          message_id: messageId,
          reporter_id: viewer.id,
          reason,
          created_at: at,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REPORT_MESSAGES.alreadyReported);
        throw error;
      }
      return { messageId, reportedAt: at };
    },

    hidden: hiddenList,

    async hide(viewer: UserRow, userId: number): Promise<{ people: HiddenPerson[]; message: string }> {
      const person = await otherPerson(viewer, userId);
      if (person.is_staff) throw new AppError(422, REPORT_MESSAGES.hideStaff);
      await chatReportsRepository.hide(db, viewer.id, userId, nowIso());
      return {
        people: await hiddenList(viewer.id),
        message: chatText(REPORT_MESSAGES.hidden, { name: displayName(person) }),
      };
    },

    async unhide(viewer: UserRow, userId: number): Promise<{ people: HiddenPerson[]; message: string }> {
      const person = await otherPerson(viewer, userId);
      await chatReportsRepository.unhide(db, viewer.id, userId);
      return {
        people: await hiddenList(viewer.id),
        message: chatText(REPORT_MESSAGES.unhidden, { name: displayName(person) }),
      };
    },

    /** Messages with open reports and every open report of each, the most recently reported first. */
    async openReports(limit: number): Promise<ChatReport[]> {
      const messages = await chatReportsRepository.reportedMessages(db, limit);
      const reports = await chatReportsRepository.openReportsOf(
        db,
        messages.map((m) => m.id),
      );
      const showIds = [
        ...new Set(messages.flatMap((m) => (m.room.startsWith('show:') ? [Number(m.room.slice('show:'.length))] : []))),
      ];
      const titles = new Map((await chatRepository.eventTitles(db, showIds)).map((e) => [e.id, e.title]));
      return messages.map((m) => {
        const room: RoomRef = roomRefOf(m.room);
        const mine = reports.filter((r) => r.message_id === m.id);
        return {
          messageId: m.id,
          text: m.text,
          room,
          roomTitle: room === 'lobby' ? 'Lobby' : (titles.get(room) ?? null),
          sentAt: m.created_at,
          isDeleted: m.deleted_at !== null,
          author: {
            userId: m.user_id,
            name: displayName(m),
            fullName: `${m.first_name} ${m.last_name}`.trim(),
            email: m.email,
            isStaff: m.is_staff === 1,
          },
          count: mine.length,
          reports: mine.map((r) => ({
            reporterId: r.reporter_id,
            reporterName: displayName(r),
            reason: r.reason,
            reportedAt: r.created_at,
          })),
        };
      });
    },

    /**
     * Closes a message's open reports: dismissed (the message stays, logged), or acted on through
     * chat moderation (delete, mute or ban, each logged there). Nothing changes when it fails.
     */
    async resolve(
      staffRow: UserRow,
      messageId: number,
      action: ReportResolution,
      minutes: number | undefined,
    ): Promise<{ resolved: number; message: string; fanOut: ReportFanOut }> {
      const staff: ChatUser = { id: staffRow.id, name: displayName(staffRow), isStaff: true };
      const message = await chatRepository.messageById(db, messageId);
      if (!message) throw notFound(REPORT_MESSAGES.messageGone);
      const open = await chatReportsRepository.openReportsOf(db, [messageId]);
      if (open.length === 0) throw conflict(REPORT_MESSAGES.noOpenReports);
      const authorName = displayName(message);
      if ((action === 'mute' || action === 'ban') && message.is_staff)
        throw conflict(REPORT_MESSAGES.cannotSanctionStaff);

      let fanOut: ReportFanOut = null;
      let text: string = REPORT_MESSAGES.dismissed;
      if (action === 'delete') {
        text = REPORT_MESSAGES.deleted;
        if (!message.deleted_at) {
          const deleted = await chat.deleteMessage(staff, messageId);
          if (deleted.ok)
            fanOut = { kind: 'deleted', roomKey: deleted.roomKey, id: messageId, unpinned: deleted.unpinned };
        }
      } else if (action === 'mute' || action === 'ban') {
        const room = await chat.resolveRoom(roomRefOf(message.room));
        if (!room) throw notFound(CHAT_MESSAGES.roomNotFound);
        if (action === 'mute') {
          const length = minutes ?? MUTE_MINUTES_DEFAULT;
          const muted = await chat.mute(staff, room, message.user_id, length);
          if (!muted.ok) throw conflict(muted.refusal.message);
          fanOut = { kind: 'muted', userId: message.user_id, mutedUntil: muted.mutedUntil };
          text = chatText(REPORT_MESSAGES.muted, { name: authorName, minutes: length });
        } else {
          const banned = await chat.ban(staff, room, message.user_id);
          if (!banned.ok) throw conflict(banned.refusal.message);
          fanOut = { kind: 'banned', userId: message.user_id };
          text = chatText(REPORT_MESSAGES.banned, { name: authorName });
        }
      }
      const at = nowIso();
      const resolved = await db.transaction().execute(async (trx) => {
        const count = await chatReportsRepository.resolve(trx, messageId, staff.id, action, at);
        if (action === 'dismiss')
          await chatRepository.logAction(trx, {
            room: message.room,
            action: 'dismiss_report',
            staff_id: staff.id,
            target_user_id: message.user_id,
            message_id: messageId,
            detail: count === 1 ? '1 report' : `${count} reports`,
            created_at: at,
          });
        return count;
      });
      return { resolved, message: text, fanOut };
    },
  };
}

export type ChatReportsService = ReturnType<typeof createChatReportsService>;
