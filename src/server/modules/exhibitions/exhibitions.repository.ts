// SQL of exhibitions and product registration (decision 074, migration 032): exhibitions, their
// product kinds, the registrations (one per exhibition and receipt key) and the staff lists.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ExhibitionProductKindsTable, ExhibitionsTable, ProductRegistrationsTable } from '../../db/schema';

/** The staff list's filters, parsed: LA days and the verified state. */
export type RegistrationQuery = {
  exhibitionId?: number;
  from?: string;
  to?: string;
  verified: 'yes' | 'no' | 'all';
};

type Counted = { n: number | string | bigint };

/** A registration with the names of its exhibition, kind and verifier, as staff and the summary read it. */
function registrationsWithNames(db: Db) {
  return db
    .selectFrom('product_registrations as r')
    .innerJoin('exhibitions as e', 'e.id', 'r.exhibition_id')
    .innerJoin('exhibition_product_kinds as k', 'k.id', 'r.product_kind_id')
    .leftJoin('users as v', 'v.id', 'r.verified_by')
    .selectAll('r')
    .select([
      'e.name as exhibition_name',
      'e.venue as exhibition_venue',
      'e.city as exhibition_city',
      'k.name as product_kind_name',
      'v.first_name as verifier_first_name',
      'v.last_name as verifier_last_name',
    ]);
}
export type NamedRegistration = Awaited<
  ReturnType<ReturnType<typeof registrationsWithNames>['executeTakeFirstOrThrow']>
>;

type Named = ReturnType<typeof registrationsWithNames>;

function filtered(query: Named, filter: RegistrationQuery): Named {
  let q = query;
  if (filter.exhibitionId !== undefined) q = q.where('r.exhibition_id', '=', filter.exhibitionId);
  if (filter.from) q = q.where('r.day', '>=', filter.from);
  if (filter.to) q = q.where('r.day', '<=', filter.to);
  if (filter.verified === 'yes') q = q.where('r.verified_at', 'is not', null);
  if (filter.verified === 'no') q = q.where('r.verified_at', 'is', null);
  return q;
}

export const exhibitionsRepository = {
  // ---- Exhibitions and kinds ----

  insertExhibition: (db: Db, row: Insertable<ExhibitionsTable>) =>
    db.insertInto('exhibitions').values(row).returningAll().executeTakeFirstOrThrow(),

  updateExhibition: (db: Db, id: number, patch: Updateable<ExhibitionsTable>) =>
    db.updateTable('exhibitions').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),

  exhibitionById: (db: Db, id: number) =>
    db.selectFrom('exhibitions').selectAll().where('id', '=', id).executeTakeFirst(),

  exhibitionBySlug: (db: Db, slug: string) =>
    db.selectFrom('exhibitions').selectAll().where('slug', '=', slug).executeTakeFirst(),

  /** Active exhibitions, soonest first. */
  activeExhibitions: (db: Db) =>
    db.selectFrom('exhibitions').selectAll().where('active', '=', 1).orderBy('starts_on').orderBy('id').execute(),

  /** Every exhibition, newest first. */
  allExhibitions: (db: Db) =>
    db.selectFrom('exhibitions').selectAll().orderBy('starts_on', 'desc').orderBy('id', 'desc').execute(),

  /** The active kinds of these exhibitions, in each one's order. */
  activeKindsOf: (db: Db, exhibitionIds: number[]) =>
    exhibitionIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('exhibition_product_kinds')
          .selectAll()
          .where('exhibition_id', 'in', exhibitionIds)
          .where('active', '=', 1)
          .orderBy('exhibition_id')
          .orderBy('position')
          .orderBy('id')
          .execute(),

  /** Every kind of one exhibition, retired ones included, with whether a registration uses it. */
  kindsWithUse: (db: Db, exhibitionId: number) =>
    db
      .selectFrom('exhibition_product_kinds as k')
      .selectAll('k')
      .select((eb) =>
        eb
          .exists(eb.selectFrom('product_registrations as r').select('r.id').whereRef('r.product_kind_id', '=', 'k.id'))
          .as('used'),
      )
      .where('k.exhibition_id', '=', exhibitionId)
      .orderBy('k.position')
      .orderBy('k.id')
      .execute(),

  kindById: (db: Db, id: number) =>
    db.selectFrom('exhibition_product_kinds').selectAll().where('id', '=', id).executeTakeFirst(),

  insertKinds: (db: Db, rows: Insertable<ExhibitionProductKindsTable>[]) =>
    rows.length === 0 ? Promise.resolve() : db.insertInto('exhibition_product_kinds').values(rows).execute(),

  updateKind: (db: Db, id: number, patch: Updateable<ExhibitionProductKindsTable>) =>
    db.updateTable('exhibition_product_kinds').set(patch).where('id', '=', id).execute(),

  /** Deletes kinds no registration uses (the foreign key refuses the others). */
  deleteKinds: (db: Db, ids: number[]) =>
    ids.length === 0 ? Promise.resolve() : db.deleteFrom('exhibition_product_kinds').where('id', 'in', ids).execute(),

  /** Registrations and unverified ones per exhibition. */
  registrationCounts: async (db: Db) => {
    const rows = await db
      .selectFrom('product_registrations')
      .select((eb) => [
        'exhibition_id',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.count<number | string>('verified_at').as('verified'),
      ])
      .groupBy('exhibition_id')
      .execute();
    return new Map(
      rows.map((r) => [r.exhibition_id, { total: Number(r.total), unverified: Number(r.total) - Number(r.verified) }]),
    );
  },

  // ---- Registrations ----

  insertRegistration: (db: Db, row: Insertable<ProductRegistrationsTable>) =>
    db.insertInto('product_registrations').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Who holds a receipt at one exhibition (for the "already registered" answer). */
  registrationByReceipt: (db: Db, exhibitionId: number, receiptKey: string) =>
    db
      .selectFrom('product_registrations')
      .select(['name', 'email'])
      .where('exhibition_id', '=', exhibitionId)
      .where('receipt_key', '=', receiptKey)
      .executeTakeFirst(),

  namedByNumber: (db: Db, number: string) =>
    registrationsWithNames(db).where('r.number', '=', number).executeTakeFirst(),

  namedById: (db: Db, id: number) => registrationsWithNames(db).where('r.id', '=', id).executeTakeFirst(),

  /** One page of the staff list, newest first. */
  page: (db: Db, filter: RegistrationQuery, limit: number, offset: number) =>
    filtered(registrationsWithNames(db), filter).orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),

  count: async (db: Db, filter: RegistrationQuery) => {
    const row: Counted | undefined = await filtered(registrationsWithNames(db), filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Every registration the filter selects, newest first (the CSV export). */
  all: (db: Db, filter: RegistrationQuery) =>
    filtered(registrationsWithNames(db), filter).orderBy('r.id', 'desc').execute(),

  setVerified: (db: Db, id: number, verifiedAt: string | null, verifiedBy: number | null) =>
    db
      .updateTable('product_registrations')
      .set({ verified_at: verifiedAt, verified_by: verifiedBy })
      .where('id', '=', id)
      .executeTakeFirst(),

  /**
   * A registration made logged out joins the account with its address: one statement, and only
   * registrations on no account, so nothing moves from one account to another.
   */
  joinAccount: (db: Db, email: string, userId: number) =>
    db
      .updateTable('product_registrations')
      .set({ user_id: userId })
      .where('email', '=', email)
      .where('user_id', 'is', null)
      .execute(),
};
