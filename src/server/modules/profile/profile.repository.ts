// SQL for the sign-up answers (userregistrationinfo). Users themselves live in auth.repository.ts.
import type { Db } from '../../db/database';
import type { RegistrationInfoTable } from '../../db/schema';

export const registrationInfoRepository = {
  byUser: (db: Db, userId: number) =>
    db.selectFrom('registration_info').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  upsert: (db: Db, row: RegistrationInfoTable) =>
    db
      .insertInto('registration_info')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          how_heard: row.how_heard,
          shopping_for: row.shopping_for,
          favorite_gemstones: row.favorite_gemstones,
          ring_size: row.ring_size,
          updated_at: row.updated_at,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow(),
};
