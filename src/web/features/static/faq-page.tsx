// /faq: the Coupons & Giveaway FAQ: the coupon rules of spec §9 and the giveaway rules of §5,
// each question a native disclosure so it works with a keyboard and a screen reader.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
            <p>Two weeks from the day you receive it, unless the coupon states a different period.</p>
          </Question>
          <Question question="Is there a minimum purchase?">
            <p>No. There is no minimum purchase unless the coupon says there is.</p>
          </Question>
          <Question question="Can I use more than one coupon on an order?">
            <p>No. Coupons cannot be combined with each other: one coupon per order.</p>
          </Question>
          <Question question="What can I use my birthday coupon on?">
            <p>
              Birthday coupons apply to show jewelry only. They cannot be used on auctions or on loose gems. Add your
              birthday on your{' '}
              <Link to="/profile" className={linkStyles}>
                profile page
              </Link>{' '}
              so we know when to send it.
            </p>
          </Question>
          <Question question="Where can I use a coupon?">
            <p>Coupon values are in US dollars, and coupons are valid in the US only.</p>
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
