// /faq: the Coupons & Giveaway FAQ: the coupon rules of spec §9, rewards points (earning, expiry,
// tiers, checking the ledger) and the giveaway rules of §5, each question a native disclosure so it
// works with a keyboard and a screen reader. Numbers come from the shared rules, not copies.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { couponValue, DEFAULT_VALIDITY_DAYS, GIFT_WEEK_DAYS, YEARLY_COUPONS } from '../../../shared/coupons';
import { POINTS_LIFETIME_MONTHS, TIERS } from '../../../shared/rewards';
import { dialable } from '../../shell/contact-cards';
import { useBrand, useSiteConfig } from '../../shell/site-config';
import { ContactDetails, Section, StaticPage, linkStyles } from './static-page';

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-line bg-white">
      <details className="group">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 font-bold text-ink hover:bg-primary-soft [&::-webkit-details-marker]:hidden">
          <span>{question}</span>
          <svg
            viewBox="0 0 20 20"
            className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
            aria-hidden="true"
          >
            <path
              d="M5 7.5l5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </summary>
        <div className="space-y-3 border-t border-line px-4 py-4">{children}</div>
      </details>
    </li>
  );
}

function QuestionList({ children }: { children: ReactNode }) {
  return <ul className="space-y-3">{children}</ul>;
}

/** The number a winner texts: from the site configuration, else a pointer to the contact page. */
function WinnerContact() {
  const phone = useSiteConfig()?.phone;
  if (phone) {
    return (
      <a href={`sms:${dialable(phone)}`} className={linkStyles}>
        {phone}
      </a>
    );
  }
  return (
    <>
      the number on our{' '}
      <Link to="/contact-us" className={linkStyles}>
        Contact us page
      </Link>
    </>
  );
}

const validity = DEFAULT_VALIDITY_DAYS === 14 ? 'Two weeks' : `${DEFAULT_VALIDITY_DAYS} days`;
const points = (n: number) => n.toLocaleString('en-US');

export default function FaqPage() {
  const brand = useBrand();
  return (
    <StaticPage
      title="Coupons & Giveaway FAQ"
      intro={
        <p>
          How {brand} coupons and live-show giveaways work. All prices are in US dollars, and coupons and giveaways are
          valid in the United States only.
        </p>
      }
    >
      <Section id="faq-coupons" title="Coupons">
        <QuestionList>
          <Question question="How long is a coupon valid?">
            <p>
              {validity} from the day you receive it, unless the coupon states a different period. Each coupon shows its
              exact expiry, and active coupons on the{' '}
              <Link to="/rewards" className={linkStyles}>
                Rewards page
              </Link>{' '}
              count down to it.
            </p>
          </Question>
          <Question question="Is there a minimum purchase?">
            <p>No. There is no minimum purchase unless the coupon says there is.</p>
          </Question>
          <Question question="Can I use more than one coupon on an order?">
            <p>No. Coupons cannot be combined with each other: one coupon per order.</p>
          </Question>
          <Question question="What can I use my birthday coupon on?">
            <p>
              Birthday coupons apply to show jewelry only. They cannot be used on auctions or on loose gems. Yours is{' '}
              {couponValue(YEARLY_COUPONS.birthday)}. Add your birthday on your{' '}
              <Link to="/profile" className={linkStyles}>
                profile page
              </Link>{' '}
              so we know when to send it.
            </p>
          </Question>
          <Question question="When do birthday and anniversary coupons arrive?">
            <p>
              Once a year, during the {GIFT_WEEK_DAYS} days that start on the date (Los Angeles time). A February 29
              birthday is celebrated on February 28 in other years. The anniversary coupon is{' '}
              {couponValue(YEARLY_COUPONS.anniversary)} and works on anything you buy from us.
            </p>
          </Question>
          <Question question="How do I get a coupon with my points?">
            <p>
              On the{' '}
              <Link to="/rewards" className={linkStyles}>
                Rewards page
              </Link>
              , pick a coupon you have enough points for and select Redeem. We show the cost and what your balance will
              be, and once you confirm, the coupon and its code appear under My coupons. Every coupon lists its own
              rules: its value, how long it lasts, any minimum purchase and what it applies to.
            </p>
          </Question>
          <Question question="Where can I use a coupon?">
            <p>Coupon values are in US dollars, and coupons are valid in the US only.</p>
          </Question>
        </QuestionList>
      </Section>

      <Section id="faq-rewards" title="Reward points">
        <QuestionList>
          <Question question="How do I earn points?">
            <p>
              By taking part: RSVPing to shows and special events, checking in and watching while a show is live,
              entering giveaways, answering a special event&apos;s quiz, points prizes on the spin-to-win wheel, winning
              an on-air guessing game, and inviting friends who go on to watch. Watch time counts the minutes our server
              saw you watching, not what a browser reports. The{' '}
              <Link to="/rewards" className={linkStyles}>
                Rewards page
              </Link>{' '}
              lists how many points each one earns today and any daily limits.
            </p>
          </Question>
          <Question question="Do my points expire?">
            <p>
              Yes: points expire {POINTS_LIFETIME_MONTHS} months after the day you earn them. When you spend points we
              use the ones that expire first. The Rewards page tells you how many points expire next and on which day.
            </p>
          </Question>
          <Question question="How do tiers work?">
            <p>
              Your tier depends on the points you earn in the current season, a calendar quarter in Los Angeles time.
              Each new season starts from zero. Spending points never lowers your tier.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {TIERS.map((tier, index) => {
                const next = TIERS[index + 1];
                return (
                  <li key={tier.name}>
                    <strong>{tier.name}</strong>:{' '}
                    {next
                      ? `${points(tier.threshold)} to ${points(next.threshold - 1)} points in the season`
                      : `${points(tier.threshold)} points or more in the season`}
                  </li>
                );
              })}
            </ul>
          </Question>
          <Question question="How can I check that my points history was not changed?">
            <p>
              Every change to your points is a row in your ledger, and each row stores a SHA-256 fingerprint of its own
              contents and of the row before it. Nobody, not even our team, can change or remove a row without breaking
              that chain: a correction is always a new row.
            </p>
            <p>
              On the Rewards page, select <strong>Download and verify my ledger</strong>. Your browser saves the ledger
              as a JSON file and recomputes every fingerprint. It then tells you how many rows it checked and the last
              row&apos;s fingerprint, or exactly which row fails.
            </p>
            <p>
              To check it with your own tools: start with 64 zeros as the previous fingerprint. For each row in order,
              its <code>seq</code> must count 1, 2, 3…, its <code>prev_hash</code> must equal the previous fingerprint,
              and the SHA-256 of the JSON array{' '}
              <code className="break-all">
                [&quot;gemcast-ledger-v1&quot;, user_id, seq, points, reason, source_id, state, note, created_at,
                expires_at, prev_hash]
              </code>{' '}
              written without spaces must equal its <code>hash</code>, which becomes the previous fingerprint for the
              next row.
            </p>
          </Question>
        </QuestionList>
      </Section>

      <Section id="faq-giveaways" title="Giveaways">
        <QuestionList>
          <Question question="Who can enter a giveaway?">
            <p>
              Anyone with a {brand} account who lives in the United States. An account is free:{' '}
              <Link to="/register" className={linkStyles}>
                create one here
              </Link>
              .
            </p>
          </Question>
          <Question question="Do I have to enter again for every show?">
            <p>
              Yes. Entries do not carry over: you need to re-enter the giveaway for each show you want to take part in.
            </p>
          </Question>
          <Question question="Where do I enter during a live show?">
            <p>
              During a live event, a <strong>Today&apos;s Giveaway</strong> button appears under the live show window.
              Select it to enter that show&apos;s giveaway. Current giveaways are also listed on the{' '}
              <Link to="/giveaways" className={linkStyles}>
                Giveaways page
              </Link>
              .
            </p>
          </Question>
          <Question question="How is the winner chosen?">
            <p>The winner is drawn at random from that show&apos;s entries and announced live during the show.</p>
          </Question>
          <Question question="I won! What do I do now?">
            <p>
              Text or message us at <WinnerContact /> within 5 minutes of the announcement. Chat messages do not count:
              a message in the show chat is not a claim. If we do not hear from the winner within 5 minutes, we draw
              again.
            </p>
          </Question>
          <Question question="Can I win twice in the same show?">
            <p>
              No. If someone who has already won during the show is drawn again, we respin: the draw is made again so
              another viewer can win.
            </p>
          </Question>
          <Question question="Where are the full rules and prize details?">
            <p>
              Each giveaway has its own terms, with its dates and the prize value in US dollars, linked from the
              giveaway page. Where they differ from this FAQ, the giveaway&apos;s own terms apply.
            </p>
          </Question>
        </QuestionList>
      </Section>

      <Section id="faq-more" title="Still have a question?">
        <p>We are happy to help:</p>
        <ContactDetails />
      </Section>
    </StaticPage>
  );
}
