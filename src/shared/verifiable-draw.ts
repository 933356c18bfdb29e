// The verifiable giveaway draw (algorithm 'gemcast-draw-v1'). The server draws with exactly these
// functions, and anyone can run them on the published seed and entry list to get the same winners.
// Uses Web Crypto (globalThis.crypto.subtle), present in browsers and in Node 20.
//
// 1. When the giveaway is created (before any entry), the server makes a 32-byte random seed and
//    publishes commitment = SHA-256(seed), hex.
// 2. Entries close. The published entry list is every entry sorted by entry_id, each with its
//    weight (1 for entering + 1 per social bonus). Its canonical text is one line per entry,
//    "entry_id:weight\n"; list_digest = SHA-256(text), hex.
// 3. Pick number k (1, 2, 3 … counting every draw, respin and redraw of the giveaway): the
//    eligible entries are the list minus the entries picked at 1 … k-1, in the same order, and
//    total = the sum of their weights. mac = HMAC-SHA256(key = seed bytes,
//    message = "gemcast-draw-v1|<giveaway id>|<list_digest>|<k>"); ticket = mac read as a
//    256-bit big-endian number, modulo total (bias below 2^-200). The winner is the first
//    eligible entry whose running total of weights exceeds the ticket.
// 4. With the first draw the server reveals the seed; check SHA-256(seed) = commitment, then
//    recompute every pick.

/** The algorithm's name, published with every proof and terms answer and mixed into every pick's HMAC. */
export const DRAW_ALGORITHM = 'gemcast-draw-v1';

export type DrawEntry = { entry_id: number; weight: number };
export type DrawPick = { sequence: number; entry_id: number; ticket: bigint; total_weight: number };

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error('Web Crypto is not available');
  return c.subtle;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = '';
  for (const b of view) out += b.toString(16).padStart(2, '0');
  return out;
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await subtle().digest('SHA-256', typeof data === 'string' ? encoder.encode(data) : data));
}

/** SHA-256 of the seed's bytes, hex: what is published before any entry. */
export function commitmentOf(seedHex: string): Promise<string> {
  return sha256Hex(fromHex(seedHex));
}

/** Entries in canonical order (by entry_id). */
export function canonicalEntries(entries: readonly DrawEntry[]): DrawEntry[] {
  return [...entries].sort((a, b) => a.entry_id - b.entry_id);
}

/** The canonical entry list text: "entry_id:weight\n" per entry, by entry_id. */
export function entryListText(entries: readonly DrawEntry[]): string {
  return canonicalEntries(entries)
    .map((e) => `${e.entry_id}:${e.weight}\n`)
    .join('');
}

export function listDigest(entries: readonly DrawEntry[]): Promise<string> {
  return sha256Hex(entryListText(entries));
}

async function ticketFor(
  seedHex: string,
  giveawayId: number,
  digest: string,
  sequence: number,
  total: number,
): Promise<bigint> {
  const key = await subtle().importKey('raw', fromHex(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await subtle().sign('HMAC', key, encoder.encode(`${DRAW_ALGORITHM}|${giveawayId}|${digest}|${sequence}`));
  return BigInt(`0x${toHex(mac)}`) % BigInt(total);
}

/** The entry a ticket lands on: the first whose running total of weights exceeds it. */
export function entryForTicket(eligible: readonly DrawEntry[], ticket: bigint): DrawEntry | null {
  let running = 0n;
  for (const entry of eligible) {
    running += BigInt(entry.weight);
    if (ticket < running) return entry;
  }
  return null;
}

/**
 * Pick number `sequence`, given the entry ids already picked (1 … sequence-1). Null when no
 * eligible entry with a positive weight is left.
 */
export async function pickWinner(input: {
  seedHex: string;
  giveawayId: number;
  entries: readonly DrawEntry[];
  alreadyPicked: readonly number[];
  sequence: number;
}): Promise<DrawPick | null> {
  const digest = await listDigest(input.entries);
  const taken = new Set(input.alreadyPicked);
  const eligible = canonicalEntries(input.entries).filter((e) => !taken.has(e.entry_id) && e.weight > 0);
  const total = eligible.reduce((sum, e) => sum + e.weight, 0);
  if (total === 0) return null;
  const ticket = await ticketFor(input.seedHex, input.giveawayId, digest, input.sequence, total);
  const winner = entryForTicket(eligible, ticket);
  return winner ? { sequence: input.sequence, entry_id: winner.entry_id, ticket, total_weight: total } : null;
}

/** Recomputes `count` picks in order from the published seed and list: what a verifier runs. */
export async function recomputePicks(
  seedHex: string,
  giveawayId: number,
  entries: readonly DrawEntry[],
  count: number,
): Promise<DrawPick[]> {
  const picks: DrawPick[] = [];
  for (let sequence = 1; sequence <= count; sequence += 1) {
    const pick = await pickWinner({
      seedHex,
      giveawayId,
      entries,
      alreadyPicked: picks.map((p) => p.entry_id),
      sequence,
    });
    if (!pick) break;
    picks.push(pick);
  }
  return picks;
}
