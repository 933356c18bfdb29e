// The public side of exhibitions (decision 074): the active exhibitions with their kinds, a
// visitor's product registration (checks, receipt photo, number, e-mail, newsletter) and its summary.
import { CONSENT_VERSION } from '../../../shared/consent-texts';
import {
  receiptKey,
  type ProductRegistrationValues,
  type PublicExhibition,
  type RegistrationSummary,
} from '../../../shared/contract/exhibitions';
import { STATUS } from '../../../shared/contract/envelope';
import { SUBSCRIPTION_MESSAGES } from '../../../shared/subscription-messages';
import { laDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ExhibitionsTable, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { ImageTooLargeError, NotAnImageError } from '../../platform/media';
import type { RequestOrigin } from '../subscriptions/show-alerts';
import { maskEmail, type SubscriptionsService } from '../subscriptions/subscriptions.service';
import { EXHIBITION_MESSAGES } from './exhibition-messages';
import { exhibitionsRepository as repo, type NamedRegistration } from './exhibitions.repository';
import { encodeReceiptPhoto, removeReceiptPhoto, writeReceiptPhoto } from './receipt-photo';
import { registrationMail } from './registration.mail';

/** Crockford's base 32: no I, L, O or U, so a number read aloud or copied by hand stays right. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Tries at a fresh number when one is taken (one clash in about 10^12 per try). */
const NUMBER_ATTEMPTS = 5;

const badField = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const photoFailure = (httpStatus: number, message: string) =>
  new AppError(httpStatus, EXHIBITION_MESSAGES.notSent, STATUS.failed, [{ field: 'receipt_photo', message }]);

/** Exhibitions as the form offers them: each with its active kinds, in the form's order. */
export async function withActiveKinds(db: Db, rows: Selectable<ExhibitionsTable>[]): Promise<PublicExhibition[]> {
  const kinds = await repo.activeKindsOf(
    db,
    rows.map((e) => e.id),
  );
  return rows.map((e) => ({
    id: e.id,
    slug: e.slug,
    name: e.name,
    venue: e.venue,
    city: e.city,
    starts_on: e.starts_on,
    ends_on: e.ends_on,
    kinds: kinds.filter((k) => k.exhibition_id === e.id).map((k) => ({ id: k.id, name: k.name })),
  }));
}

/** The first word of a name: what the thanks page and the e-mail greet. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** "Jane D.": the first name and the last word's initial, as the duplicate answer shows a stranger. */
export function maskedName(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${[...last][0]?.toUpperCase() ?? ''}.` : first;
}

export function toSummary(row: NamedRegistration): RegistrationSummary {
  return {
    number: row.number,
    exhibition: { name: row.exhibition_name, venue: row.exhibition_venue, city: row.exhibition_city },
    product_kind: row.product_kind_name,
    description: row.description,
    price_cents: row.price_cents,
    purchase_date: row.purchase_date,
    has_receipt_photo: row.receipt_photo !== null,
    first_name: firstNameOf(row.name),
    email: maskEmail(row.email),
    verified: row.verified_at !== null,
    on_account: row.user_id !== null,
    newsletter_confirmation_sent: row.marketing_opt_in === 1,
    created_at: row.created_at,
  };
}

export function createExhibitionsService(ctx: AppContext, subscriptions: SubscriptionsService) {
  const { db, clock, random, config } = ctx;

  function newNumber(): string {
    let chars = '';
    for (let i = 0; i < 8; i += 1) chars += CROCKFORD[random.int(CROCKFORD.length)];
    return `GX-${chars.slice(0, 4)}-${chars.slice(4)}`;
  }

  /** The checks against the exhibition: active, the kind on sale there, the date within its days. */
  async function checkAgainstExhibition(values: ProductRegistrationValues) {
    if (values.marketing_opt_in && values.consent_version !== CONSENT_VERSION)
      throw badField('consent_version', SUBSCRIPTION_MESSAGES.consentOutdated);
    const exhibition = await repo.exhibitionById(db, values.exhibition_id);
    if (!exhibition || exhibition.active !== 1) throw badField('exhibition_id', EXHIBITION_MESSAGES.exhibitionClosed);
    const kind = await repo.kindById(db, values.product_kind_id);
    if (!kind || kind.exhibition_id !== exhibition.id || kind.active !== 1)
      throw badField('product_kind_id', EXHIBITION_MESSAGES.kindNotOffered);
    if (values.purchase_date < exhibition.starts_on || values.purchase_date > exhibition.ends_on)
      throw badField('purchase_date', EXHIBITION_MESSAGES.dateOutside(exhibition.starts_on, exhibition.ends_on));
    if (values.purchase_date > laDay(clock.now())) throw badField('purchase_date', EXHIBITION_MESSAGES.dateInFuture);
    return exhibition;
  }

  async function encodePhoto(upload: Buffer | null): Promise<Buffer | null> {
    if (!upload || upload.length === 0) return null;
    try {
      return await encodeReceiptPhoto(upload);
    } catch (error) {
      if (error instanceof ImageTooLargeError) throw photoFailure(413, EXHIBITION_MESSAGES.photoTooLarge);
      if (error instanceof NotAnImageError) throw photoFailure(415, EXHIBITION_MESSAGES.photoNotImage);
      throw error;
    }
  }

  /** The 409 for a receipt already registered at this exhibition, naming the holder masked. */
  async function alreadyRegistered(exhibitionId: number, key: string) {
    const holder = await repo.registrationByReceipt(db, exhibitionId, key);
    const message = EXHIBITION_MESSAGES.alreadyRegistered(
      holder ? maskedName(holder.name) : 'someone else',
      holder ? maskEmail(holder.email) : 'another address',
    );
    return new AppError(409, message, STATUS.error, [{ field: 'receipt_number', message }]);
  }

  async function subscribeToNewsletter(values: ProductRegistrationValues, origin: RequestOrigin): Promise<boolean> {
    try {
      const result = await subscriptions.subscribe(
        { email: values.email, name: values.name, purposes: ['newsletter'], consent_version: values.consent_version },
        null,
        origin,
      );
      return result.confirmation_sent;
    } catch (error) {
      // The piece is registered either way; a refused subscription (too many to this address) only
      // means no new confirmation link, which the answer says.
      ctx.log.warn({ err: error }, 'newsletter subscription from a product registration refused');
      return false;
    }
  }

  return {
    async list(): Promise<PublicExhibition[]> {
      return withActiveKinds(db, await repo.activeExhibitions(db));
    },

    /**
     * productregistration: checks the fields against the exhibition, re-encodes the photo, stores the
     * registration under a fresh number (the receipt's unique key decides duplicates, also when two
     * arrive at once) and queues the confirmation. Nothing is left behind when it is refused.
     */
    async register(
      values: ProductRegistrationValues,
      upload: Buffer | null,
      viewer: Pick<UserRow, 'id'> | null,
      origin: RequestOrigin,
    ): Promise<RegistrationSummary> {
      const exhibition = await checkAgainstExhibition(values);
      const photo = await encodePhoto(upload);
      const key = receiptKey(values.receipt_number);
      const stored = photo ? await writeReceiptPhoto(config.dataDir, photo, random) : null;
      const now = clock.now();
      let number = '';
      try {
        for (let attempt = 1; !number; attempt += 1) {
          const candidate = newNumber();
          try {
            await repo.insertRegistration(db, {
              number: candidate,
              exhibition_id: exhibition.id,
              product_kind_id: values.product_kind_id,
              description: values.description,
              price_cents: values.price,
              receipt_number: values.receipt_number,
              receipt_key: key,
              purchase_date: values.purchase_date,
              receipt_photo: stored,
              name: values.name,
              email: values.email,
              phone: values.phone,
              contact_consent: values.contact_consent ? 1 : 0,
              marketing_opt_in: values.marketing_opt_in ? 1 : 0,
              // A booth tablet may be left signed in (staff set it up): its visitors' pieces join
              // their own accounts through the e-mail, never the tablet's account.
              user_id: values.source === 'kiosk' ? null : (viewer?.id ?? null),
              source: values.source,
              verified_at: null,
              verified_by: null,
              day: laDay(now),
              created_at: now.toISOString(),
            });
            number = candidate;
          } catch (error) {
            // Only the number's key is worth another try; the receipt's key is the duplicate answer.
            if (isUniqueViolation(error, 'receipt_key') || !isUniqueViolation(error) || attempt >= NUMBER_ATTEMPTS)
              throw error;
          }
        }
      } catch (error) {
        if (stored) await removeReceiptPhoto(config.dataDir, stored);
        if (isUniqueViolation(error, 'receipt_key')) throw await alreadyRegistered(exhibition.id, key);
        throw error;
      }

      const row = await repo.namedByNumber(db, number);
      if (!row) throw notFound(EXHIBITION_MESSAGES.notFound);
      ctx.sendMail(
        registrationMail(
          row.email,
          firstNameOf(row.name),
          {
            number,
            exhibition: row.exhibition_name,
            venue: row.exhibition_venue,
            city: row.exhibition_city,
            kind: row.product_kind_name,
            description: row.description,
            priceCents: row.price_cents,
            purchaseDate: row.purchase_date,
          },
          config.site.brand,
          config.publicUrl,
        ),
      );
      const newsletter = values.marketing_opt_in ? await subscribeToNewsletter(values, origin) : false;
      return { ...toSummary(row), newsletter_confirmation_sent: newsletter };
    },

    /** The thanks page's summary, personal details masked. */
    async summary(number: string): Promise<RegistrationSummary> {
      const row = await repo.namedByNumber(db, number);
      if (!row) throw notFound(EXHIBITION_MESSAGES.notFound);
      return toSummary(row);
    },
  };
}

export type ExhibitionsService = ReturnType<typeof createExhibitionsService>;
