// The viewer's entries in one giveaway and the bonus entries still open to them: the total in
// words with its ledger, then sharing (the device's share menu or the clipboard, each network's
// share page, and what to do on Instagram, which takes no links). The server decides every bonus
// (one per click type, only after entering, only while open; decision 049).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Enrollment, GiveawayInfo, SocialClickType } from '../../../shared/contract/giveaways';
import type { AuthedUser } from '../../../shared/contract/user';
import { clickTypeName } from '../../../shared/giveaway-messages';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { useBrand } from '../../shell/site-config';
import { showTime } from '../events/event-time';
import {
  LINK_NETWORKS,
  entryTotalText,
  networkShareUrl,
  referralLink,
  shareOrCopy,
  type LinkNetwork,
  type ShareOutcome,
} from './bonus-share';
import { enrollmentQuery, giveawayInfoQuery, useSocialEntryMutation } from './queries';

const cardStyles = 'flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-line';

const NETWORK_LABELS: Record<LinkNetwork, string> = {
  facebook: 'Share on Facebook',
  x: 'Post on X',
  pinterest: 'Pin on Pinterest',
  whatsapp: 'Send on WhatsApp',
  email: 'Send by e-mail',
};

/** The total in words ('3 entries: 1 entry + 2 bonus') and one line per entry with its time. */
export function EntryTally({ enrollment }: { enrollment: Enrollment }) {
  return (
    <section aria-labelledby="ledger-heading" className={cardStyles}>
      <h2 id="ledger-heading" className="text-xs font-bold tracking-wider text-muted uppercase">
        Your entries
      </h2>
      <p data-testid="entry-total" className="text-xl font-black text-ink">
        {entryTotalText(enrollment)}
      </p>
      <ul aria-label="How you earned them" className="flex flex-col divide-y divide-line text-ink">
        {enrollment.ledger.map((line) => (
          <li
            key={`${line.kind}-${line.click_type ?? 'entry'}`}
            className="flex flex-wrap justify-between gap-x-3 py-1.5"
          >
            <span>{line.label}</span>
            <span className="text-sm text-muted">
              at <time dateTime={line.created_at}>{showTime(line.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
      {enrollment.entry_number !== null && enrollment.entrants !== null && (
        <p className="text-sm text-muted">
          You are entry {enrollment.entry_number} of {enrollment.entrants} in this giveaway (its place in the published
          entry list).
        </p>
      )}
    </section>
  );
}

const OUTCOME_TEXT: Record<ShareOutcome, string> = {
  shared: 'Shared. Thank you!',
  copied: 'Link copied. Paste it into a post, a story or a message.',
  cancelled: 'Sharing was cancelled, so no bonus entry was added.',
  failed: 'This browser blocked copying. Select the link above and copy it yourself.',
};

function ShareYourLink({
  link,
  title,
  isOpen,
  onShared,
}: {
  link: string;
  title: string;
  isOpen: boolean;
  onShared: () => void;
}) {
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleShare() {
    setBusy(true);
    const result = await shareOrCopy(navigator, { title, text: `Enter "${title}" with me`, url: link });
    setBusy(false);
    setOutcome(result);
    if (result === 'shared' || result === 'copied') onShared();
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        Your own link:{' '}
        <span data-testid="referral-link" className="font-mono break-all text-ink">
          {link}
        </span>
      </p>
      <Button onClick={() => void handleShare()} isBusy={busy} className="self-start">
        {isOpen ? 'Share your link (+1)' : 'Share your link'}
      </Button>
      <p aria-live="polite" className={outcome ? 'text-sm font-bold text-ink' : 'sr-only'}>
        {outcome && OUTCOME_TEXT[outcome]}
      </p>
    </div>
  );
}

function InstagramStory({
  brand,
  isOpen,
  onClaim,
  isBusy,
}: {
  brand: string;
  isOpen: boolean;
  onClaim: () => void;
  isBusy: boolean;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-primary-soft p-3 text-ink">
      <h3 className="font-black">Instagram</h3>
      <p className="text-sm">
        Instagram posts cannot carry a link, so this one works differently: post a story about this giveaway, mention{' '}
        {brand}, and add your link with a link sticker. Then come back and claim the entry. We cannot see your story, so
        we trust you to post it first.
      </p>
      {isOpen ? (
        <Button variant="outline" size="sm" onClick={onClaim} isBusy={isBusy} className="self-start">
          I posted my story: add my entry (+1)
        </Button>
      ) : (
        <p className="text-sm font-bold text-success">Instagram story entry added ✓</p>
      )}
    </div>
  );
}

/** Ways to earn bonus entries, for a viewer who has entered an open giveaway. */
export function BonusEntries({
  user,
  giveaway,
  enrollment,
}: {
  user: AuthedUser;
  giveaway: GiveawayInfo;
  enrollment: Enrollment;
}) {
  const brand = useBrand();
  const social = useSocialEntryMutation(user.id, giveaway.id);
  const offered = new Set(giveaway.social_click_types);
  const left = new Set(enrollment.bonuses_left.filter((type) => offered.has(type)));
  const link = referralLink(window.location.origin, giveaway.id, user.myInviteCode);
  const claim = (type: SocialClickType) => social.mutate(type);
  const networks = LINK_NETWORKS.filter((type) => offered.has(type));

  return (
    <section aria-labelledby="bonus-heading" className={cardStyles}>
      <h2 id="bonus-heading" className="text-lg font-black text-ink">
        Bonus entries: {left.size} left
      </h2>
      <p className="text-ink">
        Each way of sharing below adds one entry to the draw, once per giveaway. Your link brings friends straight to
        this giveaway.
      </p>
      {offered.has('link') && (
        <ShareYourLink link={link} title={giveaway.title} isOpen={left.has('link')} onShared={() => claim('link')} />
      )}
      {networks.length > 0 && (
        <ul aria-label="Share on a network" className="flex flex-wrap gap-2">
          {networks.map((type) => (
            <li key={type}>
              {left.has(type) ? (
                <a
                  href={networkShareUrl(type, link, giveaway.title)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonStyles('outline', 'sm')}
                  onClick={() => claim(type)}
                >
                  {NETWORK_LABELS[type]} (+1)
                </a>
              ) : (
                <span className="inline-flex min-h-9 items-center rounded-lg bg-success-soft px-3 text-sm font-bold text-success">
                  {type === 'email' ? 'Sent by e-mail ✓' : `Shared on ${clickTypeName(type)} ✓`}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {offered.has('instagram') && (
        <InstagramStory
          brand={brand}
          isOpen={left.has('instagram')}
          onClaim={() => claim('instagram')}
          isBusy={social.isPending && social.variables === 'instagram'}
        />
      )}
      {social.isError && <Alert tone="error">{errorMessage(social.error)}</Alert>}
      {social.isSuccess && <Alert tone="success">{social.data.message}</Alert>}
    </section>
  );
}

/** The tally, and the bonus entries while the giveaway is open: what a viewer who is in sees. */
export function YourEntries({
  user,
  giveaway,
  enrollment,
}: {
  user: AuthedUser;
  giveaway: GiveawayInfo;
  enrollment: Enrollment;
}) {
  return (
    <>
      {giveaway.state === 'open' && <BonusEntries user={user} giveaway={giveaway} enrollment={enrollment} />}
      <EntryTally enrollment={enrollment} />
    </>
  );
}

/** On the success page: the viewer's entries and bonus entries, read for the giveaway just entered. */
export function YourEntriesFor({ user, giveawayId }: { user: AuthedUser; giveawayId: number }) {
  const info = useQuery(giveawayInfoQuery(giveawayId));
  const enrollment = useQuery(enrollmentQuery(user.id, giveawayId));
  if (info.isPending || enrollment.isPending) return <p className="text-muted">Loading your entries…</p>;
  if (info.isError || enrollment.isError) {
    return <Alert tone="error">{errorMessage(info.error ?? enrollment.error)}</Alert>;
  }
  if (!enrollment.data.exists) {
    return (
      <div className="rounded-xl bg-primary-soft p-4 text-ink">
        <p>You have not entered this giveaway yet. Bonus entries for sharing come after your entry.</p>
        <Link to={`/giveaway/${giveawayId}`} className={buttonStyles('primary', 'md', 'mt-3')}>
          Go to the giveaway to enter
        </Link>
      </div>
    );
  }
  return <YourEntries user={user} giveaway={info.data} enrollment={enrollment.data} />;
}
