// SQL for viewers' chat reports (chat_reports) and the people each viewer hid (chat_hidden_users),
// migration 013. Every function takes the db or a transaction, so the caller owns the transaction.
import type { Db } from '../../db/database';

export const chatReportsRepository = {
  insertReport: (db: Db, row: { message_id: number; reporter_id: number; reason: string; created_at: string }) =>
    db
      .insertInto('chat_reports')
      .values({ ...row, resolved_at: null, resolved_by: null, resolution: null })
      .execute(),

  /** Messages with open reports, the most recently reported first, with their author. */
  reportedMessages: (db: Db, limit: number) =>
    db
      .selectFrom('chat_reports')
      .innerJoin('chat_messages', 'chat_messages.id', 'chat_reports.message_id')
      .innerJoin('users as author', 'author.id', 'chat_messages.user_id')
      .select((eb) => [
        'chat_messages.id',
        'chat_messages.room',
        'chat_messages.text',
        'chat_messages.created_at',
        'chat_messages.deleted_at',
        'chat_messages.user_id',
        'author.first_name',
        'author.last_name',
        'author.nickname',
        'author.email',
        'author.is_staff',
        eb.fn.max('chat_reports.created_at').as('last_reported_at'),
      ])
      .where('chat_reports.resolved_at', 'is', null)
      .groupBy([
        'chat_messages.id',
        'chat_messages.room',
        'chat_messages.text',
        'chat_messages.created_at',
        'chat_messages.deleted_at',
        'chat_messages.user_id',
        'author.first_name',
        'author.last_name',
        'author.nickname',
        'author.email',
        'author.is_staff',
      ])
      .orderBy('last_reported_at', 'desc')
      .orderBy('chat_messages.id', 'desc')
      .limit(limit)
      .execute(),

  /** The open reports of these messages, oldest first, with who sent each. */
  openReportsOf: (db: Db, messageIds: number[]) =>
    messageIds.length
      ? db
          .selectFrom('chat_reports')
          .innerJoin('users as reporter', 'reporter.id', 'chat_reports.reporter_id')
          .select([
            'chat_reports.message_id',
            'chat_reports.reporter_id',
            'chat_reports.reason',
            'chat_reports.created_at',
            'reporter.first_name',
            'reporter.last_name',
            'reporter.nickname',
          ])
          .where('chat_reports.message_id', 'in', messageIds)
          .where('chat_reports.resolved_at', 'is', null)
          .orderBy('chat_reports.id', 'asc')
          .execute()
      : Promise.resolve([]),

  /** Closes a message's open reports; answers how many it closed. */
  resolve: async (db: Db, messageId: number, staffId: number, resolution: string, at: string) => {
    const result = await db
      .updateTable('chat_reports')
      .set({ resolved_at: at, resolved_by: staffId, resolution })
      .where('message_id', '=', messageId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  hide: (db: Db, viewerId: number, hiddenUserId: number, at: string) =>
    db
      .insertInto('chat_hidden_users')
      .values({ viewer_id: viewerId, hidden_user_id: hiddenUserId, created_at: at })
      .onConflict((oc) => oc.columns(['viewer_id', 'hidden_user_id']).doNothing())
      .execute(),

  unhide: (db: Db, viewerId: number, hiddenUserId: number) =>
    db
      .deleteFrom('chat_hidden_users')
      .where('viewer_id', '=', viewerId)
      .where('hidden_user_id', '=', hiddenUserId)
      .execute(),

  /** The people a viewer hid, the most recently hidden first. */
  hiddenBy: (db: Db, viewerId: number) =>
    db
      .selectFrom('chat_hidden_users')
      .innerJoin('users', 'users.id', 'chat_hidden_users.hidden_user_id')
      .select([
        'chat_hidden_users.hidden_user_id',
        'chat_hidden_users.created_at',
        'users.first_name',
        'users.last_name',
        'users.nickname',
      ])
      .where('chat_hidden_users.viewer_id', '=', viewerId)
      .orderBy('chat_hidden_users.created_at', 'desc')
      .orderBy('chat_hidden_users.hidden_user_id', 'desc')
      .execute(),
};
