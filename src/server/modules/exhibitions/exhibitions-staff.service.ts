// The staff side of exhibitions (decision 074): exhibitions with their kinds (added, reordered,
// renamed; a used kind left out is retired), the booth's QR code, and the registrations to verify and export.
import QRCode from 'qrcode';
import type { z } from 'zod';
import {
  exhibitionLink,
  REGISTRATION_CSV_COLUMNS,
  REGISTRATIONS_PAGE_SIZE,
  type ExhibitionInput,
  type ExhibitionQr,
  type RegistrationFilter,
  type StaffExhibition,
  type StaffRegistration,
  type StaffRegistrationDetail,
  type StaffRegistrationPage,
} from '../../../shared/contract/exhibitions';
import { STATUS } from '../../../shared/contract/envelope';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import type { ExhibitionsTable, UserRow } from '../../db/schema';
import type { Selectable } from 'kysely';
import { AppError, notFound } from '../../http/errors';
import { EXHIBITION_MESSAGES } from './exhibition-messages';
import {
  exhibitionsRepository as repo,
  type NamedRegistration,
  type RegistrationQuery,
} from './exhibitions.repository';
import { withActiveKinds } from './exhibitions.service';
import { receiptPhotoDataUrl } from './receipt-photo';

type Input = z.output<typeof ExhibitionInput>;
type Filter = z.output<typeof RegistrationFilter>;

/** A CSV cell: quoted, and a leading =, +, -, @ or control character defused so spreadsheets never run it as a formula. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const slugTaken = () =>
  new AppError(409, EXHIBITION_MESSAGES.slugTaken, STATUS.error, [
    { field: 'slug', message: EXHIBITION_MESSAGES.slugTaken },
  ]);

function queryOf(filter: Filter): RegistrationQuery {
  return { exhibitionId: filter.exhibition_id, from: filter.from, to: filter.to, verified: filter.verified };
}

function toStaffRegistration(row: NamedRegistration): StaffRegistration {
  const verifier = [row.verifier_first_name, row.verifier_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    number: row.number,
    exhibition_id: row.exhibition_id,
    exhibition: row.exhibition_name,
    product_kind: row.product_kind_name,
    description: row.description,
    price_cents: row.price_cents,
    receipt_number: row.receipt_number,
    purchase_date: row.purchase_date,
    name: row.name,
    email: row.email,
    phone: row.phone,
    contact_consent: row.contact_consent === 1,
    marketing_opt_in: row.marketing_opt_in === 1,
    user_id: row.user_id,
    source: row.source,
    has_receipt_photo: row.receipt_photo !== null,
    verified_at: row.verified_at,
    verified_by: row.verified_at === null ? null : verifier || null,
    created_at: row.created_at,
  };
}

/**
 * Brings an exhibition's kinds to `names`, in that order. A name matching a kind (any case, retired
 * ones too) is that kind; a new name at the place of a kind no longer listed renames it; any other
 * is added. Kinds left out are retired when a registration uses them, else deleted.
 */
async function saveKinds(trx: Db, exhibitionId: number, names: string[]) {
  const current = await repo.kindsWithUse(trx, exhibitionId);
  const byName = new Map(current.map((k) => [k.name.toLowerCase(), k]));
  const kept = names.map((name) => byName.get(name.toLowerCase()));
  const taken = new Set(kept.filter((k) => k !== undefined).map((k) => k.id));
  const activeOrder = current.filter((k) => k.active === 1);
  const plan = names.map((name, position) => {
    const matched = kept[position];
    if (matched) return { name, position, kind: matched };
    const atPlace = activeOrder[position];
    if (atPlace && !taken.has(atPlace.id)) {
      taken.add(atPlace.id);
      return { name, position, kind: atPlace };
    }
    return { name, position, kind: undefined };
  });
  const leftOut = current.filter((k) => !taken.has(k.id));
  await repo.deleteKinds(
    trx,
    leftOut.filter((k) => !k.used).map((k) => k.id),
  );
  // Retired kinds move behind the listed ones, so positions stay unique among the active.
  for (const [i, k] of leftOut.filter((k) => k.used).entries())
    await repo.updateKind(trx, k.id, { active: 0, position: names.length + i });
  for (const step of plan)
    if (step.kind) await repo.updateKind(trx, step.kind.id, { name: step.name, position: step.position, active: 1 });
  await repo.insertKinds(
    trx,
    plan
      .filter((step) => !step.kind)
      .map((step) => ({ exhibition_id: exhibitionId, name: step.name, position: step.position, active: 1 })),
  );
}

export function createStaffExhibitionsService(ctx: AppContext) {
  const { db, clock, config } = ctx;

  async function staffExhibitions(rows: Selectable<ExhibitionsTable>[]): Promise<StaffExhibition[]> {
    const [shown, counts] = await Promise.all([withActiveKinds(db, rows), repo.registrationCounts(db)]);
    return rows.map((e, i) => ({
      ...shown[i]!,
      active: e.active === 1,
      link: exhibitionLink(config.publicUrl, e.slug),
      registrations: counts.get(e.id)?.total ?? 0,
      unverified: counts.get(e.id)?.unverified ?? 0,
      created_at: e.created_at,
      updated_at: e.updated_at,
    }));
  }

  async function one(id: number): Promise<StaffExhibition> {
    const row = await repo.exhibitionById(db, id);
    if (!row) throw notFound(EXHIBITION_MESSAGES.exhibitionNotFound);
    const [exhibition] = await staffExhibitions([row]);
    if (!exhibition) throw notFound(EXHIBITION_MESSAGES.exhibitionNotFound);
    return exhibition;
  }

  function fieldsOf(input: Input) {
    return {
      slug: input.slug,
      name: input.name,
      venue: input.venue,
      city: input.city,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      active: input.active ? 1 : 0,
    };
  }

  async function detail(id: number): Promise<StaffRegistrationDetail> {
    const row = await repo.namedById(db, id);
    if (!row) throw notFound(EXHIBITION_MESSAGES.registrationNotFound);
    const photo = row.receipt_photo ? await receiptPhotoDataUrl(config.dataDir, row.receipt_photo) : null;
    return { ...toStaffRegistration(row), receipt_photo: photo };
  }

  return {
    async list(): Promise<StaffExhibition[]> {
      return staffExhibitions(await repo.allExhibitions(db));
    },

    async create(staff: UserRow, input: Input): Promise<StaffExhibition> {
      const at = clock.now().toISOString();
      try {
        const id = await db.transaction().execute(async (trx) => {
          const row = await repo.insertExhibition(trx, {
            ...fieldsOf(input),
            created_by: staff.id,
            created_at: at,
            updated_at: at,
          });
          await saveKinds(trx, row.id, input.kinds);
          return row.id;
        });
        return await one(id);
      } catch (error) {
        if (isUniqueViolation(error, 'slug')) throw slugTaken();
        throw error;
      }
    },

    async update(id: number, input: Input): Promise<StaffExhibition> {
      try {
        await db.transaction().execute(async (trx) => {
          const row = await repo.updateExhibition(trx, id, {
            ...fieldsOf(input),
            updated_at: clock.now().toISOString(),
          });
          if (!row) throw notFound(EXHIBITION_MESSAGES.exhibitionNotFound);
          await saveKinds(trx, id, input.kinds);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'slug')) throw slugTaken();
        throw error;
      }
      return one(id);
    },

    async qr(id: number): Promise<ExhibitionQr> {
      const row = await repo.exhibitionById(db, id);
      if (!row) throw notFound(EXHIBITION_MESSAGES.exhibitionNotFound);
      const link = exhibitionLink(config.publicUrl, row.slug);
      // Quartile error correction: a printed code still scans with a smudge or a sticker's glare.
      const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'Q', margin: 2 });
      return { link, svg };
    },

    async registrations(filter: Filter): Promise<StaffRegistrationPage> {
      const query = queryOf(filter);
      const offset = (filter.page - 1) * REGISTRATIONS_PAGE_SIZE;
      const rows = await repo.page(db, query, REGISTRATIONS_PAGE_SIZE, offset);
      return {
        registrations: rows.map(toStaffRegistration),
        page: filter.page,
        per_page: REGISTRATIONS_PAGE_SIZE,
        total: await repo.count(db, query),
      };
    },

    detail,

    async verify(staff: UserRow, id: number, verified: boolean): Promise<StaffRegistrationDetail> {
      const result = await repo.setVerified(
        db,
        id,
        verified ? clock.now().toISOString() : null,
        verified ? staff.id : null,
      );
      if (Number(result.numUpdatedRows) === 0) throw notFound(EXHIBITION_MESSAGES.registrationNotFound);
      return detail(id);
    },

    async csv(filter: Filter): Promise<string> {
      const rows = (await repo.all(db, queryOf(filter))).map(toStaffRegistration);
      const value = (r: StaffRegistration, column: (typeof REGISTRATION_CSV_COLUMNS)[number]) => {
        if (column === 'price') return (r.price_cents / 100).toFixed(2);
        if (column === 'contact_consent' || column === 'marketing_opt_in') return r[column] ? 'yes' : 'no';
        return r[column];
      };
      const lines = [
        REGISTRATION_CSV_COLUMNS.join(','),
        ...rows.map((r) => REGISTRATION_CSV_COLUMNS.map((column) => csvCell(value(r, column))).join(',')),
      ];
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type StaffExhibitionsService = ReturnType<typeof createStaffExhibitionsService>;
