// The gemcast-draw-v1 recipe on the terms page, down to the bytes: what is hashed, how the entry
// list and the HMAC message are written, and how the ticket becomes a winner, with the values of
// this giveaway filled in once the seed is out. The templates are the ones verifiable-draw.ts
// uses, and a journey recomputes the draw from this text (tests/e2e/giveaway-bonus.spec.ts).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DRAW_ALGORITHM, entryListText } from '../../../shared/verifiable-draw';
import { useAccessCode } from './private-link';
import { drawProofQuery, giveawayTermsQuery } from './queries';

/** One line of the entry list; `\n` stands for the single line-feed byte that ends every line. */
export const ENTRY_LINE_TEMPLATE = '{entry_id}:{weight}\\n';
/** The HMAC message, as ASCII text with nothing before or after it. */
export const PICK_MESSAGE_TEMPLATE = `${DRAW_ALGORITHM}|{giveaway_id}|{list_digest}|{k}`;

const codeStyles = 'rounded bg-primary-soft px-1 font-mono text-sm break-all text-ink';

function Code({ recipe, children }: { recipe?: string; children: ReactNode }) {
  return (
    <code data-recipe={recipe} className={codeStyles}>
      {children}
    </code>
  );
}

/** This giveaway's own values, once the seed is revealed: what a person should get at each step. */
function ThisGiveaway({ id }: { id: number }) {
  const code = useAccessCode();
  const terms = useQuery(giveawayTermsQuery(id, code));
  const seed = terms.data?.seed ?? null;
  const proof = useQuery({ ...drawProofQuery(id, code), enabled: seed !== null });
  if (!seed) {
    return (
      <p className="text-ink">
        The seed of this giveaway is still secret. Its published fingerprint is{' '}
        <Code>{terms.data?.commitment ?? '…'}</Code>; the seed appears here with the first draw.
      </p>
    );
  }
  if (!proof.data) return <p className="text-muted">Loading this giveaway&apos;s draw record…</p>;
  const text = entryListText(proof.data.entries);
  const firstPick = proof.data.picks[0];
  return (
    <dl className="grid gap-1 text-sm text-ink" data-testid="draw-values">
      <dt className="font-bold text-muted">Seed (64 hex characters = 32 bytes)</dt>
      <dd>
        <Code recipe="seed">{seed}</Code>
      </dd>
      <dt className="font-bold text-muted">Commitment</dt>
      <dd>
        <Code recipe="commitment">{proof.data.commitment}</Code>
      </dd>
      <dt className="font-bold text-muted">Entry list text</dt>
      <dd>
        {proof.data.entries.length} lines, {new TextEncoder().encode(text).length} bytes; list digest{' '}
        <Code recipe="list-digest">{proof.data.list_digest}</Code>
      </dd>
      {firstPick && (
        <>
          <dt className="font-bold text-muted">Message for pick 1</dt>
          <dd>
            <Code>{`${DRAW_ALGORITHM}|${id}|${proof.data.list_digest}|1`}</Code>, giving ticket {firstPick.ticket} of{' '}
            {firstPick.total_weight}: entry {firstPick.entry_id}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The recipe, step by step, with the exact bytes each step hashes. */
export function DrawRecipe({ id }: { id: number }) {
  return (
    <div className="flex flex-col gap-3" data-testid="draw-recipe">
      <p className="text-ink">
        The exact recipe, so you can repeat it with any tool. Text is ASCII, numbers are written in decimal without
        leading zeros, and every hash is written as 64 lowercase hex characters.
      </p>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-ink marker:font-black marker:text-secondary">
        <li>
          <strong>The commitment.</strong> The seed is published as 64 hex characters. Decode them to its{' '}
          <span data-recipe="seed-bytes">32 raw bytes</span> (do not hash the hex text itself). The commitment is
          SHA-256 of those 32 bytes.
        </li>
        <li>
          <strong>The entry list.</strong> Sort the entries by entry number, smallest first. Write one line per entry as{' '}
          <Code recipe="entry-line">{ENTRY_LINE_TEMPLATE}</Code>, where <Code>\n</Code> is one line-feed byte (0x0A).
          Every line ends with it, the last one too, and there is nothing else: no header, no spaces, no byte-order
          mark. Two entries, number 1 with weight 1 and number 2 with weight 3, give the 8 bytes <Code>1:1\n2:3\n</Code>
          . The list digest is SHA-256 of this text.
        </li>
        <li>
          <strong>The ticket for pick k</strong> (1 for the first draw, counting every respin and redraw). Compute
          HMAC-SHA256 with the seed&apos;s 32 raw bytes as the key over the message{' '}
          <Code recipe="pick-message">{PICK_MESSAGE_TEMPLATE}</Code>, with no line feed after it. Read the 32-byte
          result as one unsigned big-endian number and take the remainder after dividing by the total weight of the
          eligible entries (the list without the entries picked before pick k). That remainder is the ticket.
        </li>
        <li>
          <strong>The winner.</strong> Walk down the eligible entries in entry-number order, adding up their weights.
          The winner is the first entry whose running total is greater than the ticket.
        </li>
      </ol>
      <ThisGiveaway id={id} />
      <p className="text-sm text-muted">
        In a terminal, the commitment is <Code>printf %s SEED | xxd -r -p | sha256sum</Code>, the list digest{' '}
        <Code>printf &apos;1:1\n2:3\n&apos; | sha256sum</Code> and the first HMAC{' '}
        <Code>printf %s &apos;MESSAGE&apos; | openssl dgst -sha256 -mac HMAC -macopt hexkey:SEED</Code>.
      </p>
    </div>
  );
}
