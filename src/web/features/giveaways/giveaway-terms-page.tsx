// /giveaway-terms/{id}: the official rules of one giveaway: who runs it, its entry period (Los
// Angeles time), the terms staff wrote with their placeholders filled, the rules every giveaway
// shares, and how the draw works and can be checked. The server fills the terms' placeholders and
// sanitises the result (`tnc_filled`, decision 053), so the page shows it as it comes. A private
// giveaway's terms are read with the code in the link, as its page is (decision 051).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { commitmentOf, recomputePicks } from '../../../shared/verifiable-draw';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useBrand } from '../../shell/site-config';
import { EventById } from '../events/event-by-id';
import { showTime } from '../events/event-time';
import { AccessCodeGate } from './access-code-gate';
import { DrawRecipe } from './draw-recipe';
import { GiveawayRules } from './giveaway-rules';
import { isGiveaway } from './giveaway-view';
import { useAccessCode, withCode } from './private-link';
import { drawProofQuery, giveawayTermsQuery } from './queries';

/** 'entry 3 of 12 (id 41)': a pick's place in the published list, as viewers are told their number. */
function placeIn(entries: readonly { entry_id: number }[], entryId: number): string {
  const place = [...entries].sort((a, b) => a.entry_id - b.entry_id).findIndex((e) => e.entry_id === entryId) + 1;
  return `entry ${place} of ${entries.length} (id ${entryId})`;
}

const linkStyles = 'font-bold text-primary underline underline-offset-4';

/** Runs the published algorithm in the browser on the published seed and entry list. */
function CheckTheDraw({ id }: { id: number }) {
  const proof = useQuery({ ...drawProofQuery(id, useAccessCode()), enabled: false });
  const [verdict, setVerdict] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function check() {
    setBusy(true);
    try {
      const { data } = await proof.refetch({ throwOnError: true });
      if (!data) return;
      if (!data.seed) {
        setVerdict({
          tone: 'error',
          text: 'No winner has been drawn yet, so the seed is still secret. Come back after the draw.',
        });
        return;
      }
      const commitmentMatches = (await commitmentOf(data.seed)) === data.commitment;
      const picks = await recomputePicks(data.seed, data.eventid, data.entries, data.picks.length);
      const picksMatch =
        picks.length === data.picks.length &&
        picks.every(
          (pick, i) => pick.entry_id === data.picks[i]?.entry_id && pick.ticket.toString() === data.picks[i]?.ticket,
        );
      setVerdict(
        commitmentMatches && picksMatch
          ? {
              tone: 'success',
              text: `Checked: the seed matches the published fingerprint, and all ${picks.length} picks come out the same (${picks.map((p) => placeIn(data.entries, p.entry_id)).join(', ')}).`,
            }
          : { tone: 'error', text: 'The recomputation does not match the published draw. Please contact us.' },
      );
    } catch (error) {
      setVerdict({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" onClick={() => void check()} isBusy={busy}>
        Check this draw in my browser
      </Button>
      {verdict && <Alert tone={verdict.tone}>{verdict.text}</Alert>}
    </div>
  );
}

function HowTheDrawWorks({ id }: { id: number }) {
  const code = useAccessCode();
  return (
    <section
      id="draw"
      aria-labelledby="draw-heading"
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl bg-white p-5 ring-1 ring-line"
    >
      <h2 id="draw-heading" className="text-lg font-black text-ink">
        How the winner is drawn, and how you can check it
      </h2>
      <p className="text-ink">
        Nobody, not even our staff, can choose the winner. The draw follows a published recipe (we call it
        gemcast-draw-v1) that anyone can repeat:
      </p>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-ink marker:font-black marker:text-secondary">
        <li>
          When the giveaway is created, our server picks a secret random number (the seed) and publishes its SHA-256
          fingerprint on the giveaway page. From then on the seed cannot change without the fingerprint giving it away.
        </li>
        <li>
          When entries close, every entry is listed in the order it came in (by its entry id) with its weight: 1 for
          entering plus 1 for each bonus. Its place in this list is the entry number viewers see (&ldquo;entry 7 of
          12&rdquo;). The list is written one line per entry as <code className="font-mono">entry_id:weight</code>, and
          its SHA-256 is the list digest.
        </li>
        <li>
          For pick number k (1 for the first draw, counting every respin and redraw), the entries not picked before are
          the eligible ones. We compute HMAC-SHA256 with the seed as the key over the text{' '}
          <code className="font-mono break-all">gemcast-draw-v1|giveaway id|list digest|k</code>, read it as a number
          and take the remainder after dividing by the eligible entries&apos; total weight. That is the ticket.
        </li>
        <li>
          Walking down the eligible entries and adding up their weights, the winner is the first entry whose running
          total goes past the ticket. An entry with 3 entries is three times as likely to win as one with 1.
        </li>
        <li>
          With the first draw we reveal the seed. Check that its SHA-256 is the fingerprint published earlier, then
          repeat the steps above with the published entry list: you get the same winners.
        </li>
      </ol>
      <h3 className="font-black text-ink">The recipe, byte by byte</h3>
      <DrawRecipe id={id} />
      <p className="text-ink">
        The entry list, with names left out, and every pick are published at{' '}
        <a href={withCode(`/api/giveawayproof_v1?eventid=${id}`, code)} className={linkStyles}>
          this giveaway&apos;s draw record
        </a>
        . Or let your browser repeat the draw for you:
      </p>
      <CheckTheDraw id={id} />
    </section>
  );
}

function StaffTerms({ id }: { id: number }) {
  const terms = useQuery(giveawayTermsQuery(id, useAccessCode()));
  if (terms.isPending) return <p className="text-muted">Loading the terms…</p>;
  if (terms.isError) return <Alert tone="error">{errorMessage(terms.error)}</Alert>;
  const html = terms.data.tnc_filled;
  if (html.trim() === '') return null;
  return (
    <section aria-labelledby="terms-heading" className="flex flex-col gap-3">
      <h2 id="terms-heading" className="text-lg font-black text-ink">
        Terms and conditions
      </h2>
      {/* Filled and sanitised by the server: links only to http(s) and mailto. */}
      <div
        data-testid="giveaway-terms"
        className="terms-html flex flex-col gap-3 text-ink [&_a]:font-bold [&_a]:text-primary [&_a]:underline [&_h2]:text-lg [&_h2]:font-black [&_h3]:font-black [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}

function Terms({ giveaway }: { giveaway: EventRecord }) {
  const brand = useBrand();
  const code = useAccessCode();
  return (
    <article className="mx-auto flex max-w-[70ch] flex-col gap-6 px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Official rules</p>
        <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">{giveaway.title}</h1>
      </header>
      <dl className="grid gap-3 rounded-xl bg-white p-5 ring-1 ring-line sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-bold text-muted">Run by</dt>
        <dd className="text-ink">{brand}</dd>
        <dt className="font-bold text-muted">Opens</dt>
        <dd className="text-ink">
          <time dateTime={giveaway.cust_start}>{showTime(giveaway.cust_start)}</time>
        </dd>
        <dt className="font-bold text-muted">Closes and winner drawn</dt>
        <dd className="text-ink">
          <time dateTime={giveaway.cust_end}>{showTime(giveaway.cust_end)}</time>
        </dd>
      </dl>
      <StaffTerms id={giveaway.id} />
      <GiveawayRules />
      <HowTheDrawWorks id={giveaway.id} />
      <p className="text-muted">
        Questions about this giveaway? Read the{' '}
        <Link to="/faq" className={linkStyles}>
          Coupons &amp; Giveaway FAQ
        </Link>{' '}
        or{' '}
        <Link to="/contact-us" className={linkStyles}>
          contact us
        </Link>
        .
      </p>
      <Link to={withCode(`/giveaway/${giveaway.id}`, code)} className={`self-start ${linkStyles}`}>
        Back to the giveaway
      </Link>
    </article>
  );
}

export default function GiveawayTermsPage() {
  return (
    <EventById
      noun="giveaway"
      code={useAccessCode()}
      refused={(error) => <AccessCodeGate error={error} />}
      accepts={isGiveaway}
      listPath="/giveaways"
      listLabel="See all giveaways"
    >
      {(giveaway) => <Terms giveaway={giveaway} />}
    </EventById>
  );
}
