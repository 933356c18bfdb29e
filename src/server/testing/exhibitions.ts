// Exhibitions for tests (decision 074): an exhibition with its kinds written straight to the
// database, and productregistration calls with the form's fields and an optional receipt photo.
import type { Insertable } from 'kysely';
import type { RegistrationSummary } from '../../shared/contract/exhibitions';
import type { Envelope } from '../../shared/contract/envelope';
import type { ExhibitionsTable } from '../db/schema';
import { exhibitionsRepository } from '../modules/exhibitions/exhibitions.repository';
import type { TestApp } from './harness';
import { multipartBody, type Part } from './multipart';

let exhibitionCount = 0;
let receiptCount = 0;

/** An active exhibition around the harness clock's day (2026-06-15), with `kinds` in order. */
export async function createExhibition(
  t: TestApp,
  fields: Partial<Insertable<ExhibitionsTable>> = {},
  kinds: string[] = ['Ring', 'Pendant', 'Loose stone'],
) {
  exhibitionCount += 1;
  const at = t.clock.now().toISOString();
  const exhibition = await exhibitionsRepository.insertExhibition(t.db, {
    slug: `gem-show-${exhibitionCount}`,
    name: `Desert Gem Show ${exhibitionCount}`,
    venue: 'Convention Hall B',
    city: 'Tucson',
    starts_on: '2026-06-12',
    ends_on: '2026-06-18',
    active: 1,
    created_by: null,
    created_at: at,
    updated_at: at,
    ...fields,
  });
  await exhibitionsRepository.insertKinds(
    t.db,
    kinds.map((name, position) => ({ exhibition_id: exhibition.id, name, position, active: 1 })),
  );
  const rows = await exhibitionsRepository.activeKindsOf(t.db, [exhibition.id]);
  return { ...exhibition, kinds: rows.map((k) => ({ id: k.id, name: k.name })) };
}
export type TestExhibition = Awaited<ReturnType<typeof createExhibition>>;
/** What a form needs of an exhibition: a test one, or one from the public list. */
export type ExhibitionRef = { id: number; kinds: { id: number }[] };

/** A complete, valid form for `exhibition` (its first kind) with a receipt number of its own. */
export function registrationFields(exhibition: ExhibitionRef, fields: Record<string, string> = {}) {
  receiptCount += 1;
  return {
    exhibition_id: String(exhibition.id),
    product_kind_id: String(exhibition.kinds[0]?.id ?? ''),
    description: 'Oval sapphire ring in white gold',
    price: '1,250.00',
    receipt_number: `R-${1000 + receiptCount}`,
    purchase_date: '2026-06-14',
    name: 'Jane Doe',
    email: 'jane.doe@example.com',
    phone: '(555) 123-4567',
    contact_consent: 'true',
    ...fields,
  };
}

export type RegisterOptions = { token?: string; photo?: Part; remoteAddress?: string };

/** productregistration with these text fields and, when given, a file part. */
export async function registerPiece(t: TestApp, fields: Record<string, string>, options: RegisterOptions = {}) {
  const parts: Part[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  if (options.photo) parts.push(options.photo);
  const { payload, contentType } = await multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/productregistration',
    payload,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: { 'content-type': contentType, ...(options.token ? { token: options.token } : {}) },
  });
  const body: Envelope<RegistrationSummary> = res.json();
  return { http: res.statusCode, headers: res.headers, body };
}

/** Registers a piece and answers its summary; throws when it is refused. */
export async function registerOk(
  t: TestApp,
  exhibition: ExhibitionRef,
  fields: Record<string, string> = {},
  options?: RegisterOptions,
) {
  const res = await registerPiece(t, registrationFields(exhibition, fields), options);
  const summary = res.body.data[0];
  if (res.http !== 200 || !summary) throw new Error(`registration refused: ${res.body.message}`);
  return summary;
}
