// /privacy: the privacy policy in 18 numbered sections (spec §2), with the California request
// limits of spec §9 and exactly what the visit record, cookies and storage hold.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { BulletList, ContactDetails, Contents, Section, StaticPage, linkStyles } from './static-page';

type PolicySection = { id: string; title: string; body: ReactNode };

function policySections(brand: string): PolicySection[] {
  return [
    {
      id: 'privacy-scope',
      title: 'Who we are and what this policy covers',
      body: (
        <>
          <p>
            {brand} runs a live online jewelry shopping network: live shows, auctions, giveaways, chat and the website
            and services behind them. This policy explains what information we collect when you visit or use {brand},
            why we collect it, how long we keep it and the choices you have.
          </p>
          <p>
            {brand} serves viewers in the United States. Prices are shown in US dollars, and offers, coupons and
            giveaways are valid in the US only.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-you-give',
      title: 'Information you give us',
      body: (
        <>
          <p>When you create an account or edit your profile, we keep what you enter:</p>
          <BulletList>
            <li>
              Account details: first and last name, e-mail address, phone number and password. We store only a one-way
              hash of your password, never the password itself.
            </li>
            <li>
              Profile details you choose to add: middle name, nickname, street address, city, state, ZIP code, country,
              the name a parcel should be addressed to, birthday and anniversary.
            </li>
            <li>
              A profile picture, if you upload one. We re-encode the image, which removes hidden data such as location
              tags.
            </li>
            <li>
              The invite code of the person who invited you, if you joined through an invitation, and your own invite
              code.
            </li>
          </BulletList>
          <p>
            We also keep what you do on {brand}: show RSVPs and quiz answers, giveaway entries, spins, votes, likes,
            chat messages and product registrations.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-collected',
      title: 'Information collected when you visit',
      body: (
        <>
          <p>Each time you open a page, your browser sends us a short visit record. It contains:</p>
          <BulletList>
            <li>
              a session id: a random number your browser makes up for one browsing session, which does not identify you;
            </li>
            <li>your region, meaning the name and short abbreviation of your computer&apos;s time zone;</li>
            <li>your device type (mobile or desktop) and screen resolution;</li>
            <li>the page you opened, including the address of the page;</li>
            <li>the referrer: the website that sent you to us, if any;</li>
            <li>
              a referral code, if you arrived through a link that carried one, and the invite code of whoever shared it;
            </li>
            <li>your IP address, which we read from the connection itself.</li>
          </BulletList>
          <p>
            We also count page views, how long a page stays open and interactions such as pressing a button, so we can
            see which shows and features people use.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-cookies',
      title: 'Cookies and browser storage',
      body: (
        <>
          <p>We use a small number of cookies and browser storage entries, each for a specific purpose:</p>
          <BulletList>
            <li>
              <code className="font-bold">cookies_consent</code> remembers that you pressed &ldquo;I agree&rdquo; on our
              cookie notice. It lasts 90 days.
            </li>
            <li>
              <code className="font-bold">refId</code> remembers the referral code from a link you followed, so the
              person or partner who shared it gets credit if you sign up. It lasts 90 days.
            </li>
            <li>
              Your sign-in token and basic account details are kept in your browser&apos;s local storage so you stay
              logged in. Logging out removes them.
            </li>
            <li>
              The session id described above is kept in session storage and disappears when you close the browser tab.
            </li>
            <li>
              While you watch a live show or use chat, short-lived cookies hold the connection details. They are cleared
              when you log out.
            </li>
          </BulletList>
          <p>
            You can delete cookies and storage at any time in your browser settings. Some parts of {brand}, such as
            staying logged in, will not work without them.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-third-party',
      title: 'Third-party analytics, session replay and advertising',
      body: (
        <>
          <p>
            We may use an outside analytics service, a session replay service (which records how pages are used, such as
            clicks and scrolling, so we can find and fix problems) and a social media advertising pixel (which helps us
            measure our ads).
          </p>
          <p>
            None of these load until you press &ldquo;I agree&rdquo; on the cookie notice, and each loads only when we
            have switched it on. Until then, the only analytics we collect are our own, described in section 3. These
            providers handle information under their own privacy policies.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-codes',
      title: 'E-mail codes and messages we send',
      body: (
        <>
          <p>
            When you log in with a code or reset your password, we e-mail you a one-time code. We keep only a hash of
            the code, it expires after a short time and it stops working after a few wrong tries. We never ask for your
            password by e-mail, text or chat.
          </p>
          <p>
            We also send messages you asked for, such as show reminders after an RSVP and notices about giveaways you
            entered. Marketing messages are sent only if you subscribe, and every one of them explains how to stop.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-use',
      title: 'How we use information',
      body: (
        <BulletList>
          <li>To run your account, log you in and keep it secure.</li>
          <li>
            To run live shows, chat, RSVPs, giveaways, spins, rewards and coupons, including contacting winners and
            sending prizes.
          </li>
          <li>To process orders and deliver what you bought.</li>
          <li>To credit referrals and invitations.</li>
          <li>To understand which pages and shows people use, and to fix problems.</li>
          <li>To prevent fraud, abuse and repeat entries that break the giveaway rules.</li>
          <li>To meet legal obligations.</li>
        </BulletList>
      ),
    },
    {
      id: 'privacy-public',
      title: 'What other viewers can see',
      body: (
        <p>
          Chat messages, your nickname or first name and your profile picture are visible to other viewers in the show
          where you post them. When you win a giveaway, hosts may announce your first name and the first letter of your
          last name on the live show. Please do not post your address, phone number or other private details in chat.
        </p>
      ),
    },
    {
      id: 'privacy-sharing',
      title: 'When we share information',
      body: (
        <>
          <p>We do not sell your personal information. We share it only:</p>
          <BulletList>
            <li>
              with service providers who help us run {brand} (hosting, e-mail delivery, payments, shipping and the
              optional services in section 5), who may use it only to provide their service to us;
            </li>
            <li>when the law requires it, or to protect the rights and safety of our viewers, our staff or others;</li>
            <li>
              with a buyer or successor if {brand} is sold or merged, in which case this policy continues to apply to
              your information.
            </li>
          </BulletList>
        </>
      ),
    },
    {
      id: 'privacy-retention',
      title: 'How long we keep information',
      body: (
        <BulletList>
          <li>
            Account and profile details: for as long as your account is open, and deleted or anonymised after you ask us
            to close it, except what we must keep by law.
          </li>
          <li>Order and giveaway records: for as long as tax, consumer and promotion laws require.</li>
          <li>
            Visit records, page views and events: only as long as they help us understand and improve the service; after
            that we delete them or keep only totals.
          </li>
          <li>Unconfirmed sign-ups and expired one-time codes: removed automatically.</li>
        </BulletList>
      ),
    },
    {
      id: 'privacy-security',
      title: 'How we protect information',
      body: (
        <p>
          Passwords and one-time codes are stored only as hashes, sign-in tokens can be revoked by logging out,
          connections to {brand} are encrypted, and only staff who need it can see account information. No system is
          perfectly secure, so please choose a strong password that you do not use anywhere else, and tell us at once if
          you think someone else has used your account.
        </p>
      ),
    },
    {
      id: 'privacy-children',
      title: 'Children',
      body: (
        <p>
          {brand} is meant for adults. Children under 13 may not create an account, and we do not knowingly collect
          information from them. Giveaway and auction entrants must be old enough to enter under the rules of each
          promotion. If you believe a child has given us information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'privacy-choices',
      title: 'Your choices',
      body: (
        <BulletList>
          <li>
            See and correct your details on your{' '}
            <Link to="/profile" className={linkStyles}>
              profile page
            </Link>{' '}
            at any time.
          </li>
          <li>
            Decline optional cookies by not pressing &ldquo;I agree&rdquo;, or delete cookies in your browser settings.
          </li>
          <li>Unsubscribe from marketing messages with the link in any of them.</li>
          <li>
            Ask us for a copy of your information, or to close your account and delete it, using the details in section
            18.
          </li>
        </BulletList>
      ),
    },
    {
      id: 'privacy-california',
      title: 'Your California privacy rights',
      body: (
        <>
          <p>If you live in California, you can ask us:</p>
          <BulletList>
            <li>
              what categories and specific pieces of personal information we collected about you, where it came from,
              why we collected it and whom we shared it with;
            </li>
            <li>to delete the personal information we collected from you, subject to the exceptions the law allows;</li>
            <li>to correct personal information that is wrong.</li>
          </BulletList>
          <p>These requests work within the following limits:</p>
          <BulletList>
            <li>You may make at most 2 requests to know in any 12-month period.</li>
            <li>We confirm that we received your request within 10 days.</li>
            <li>
              We respond within 45 days. If we need more time, we will tell you why and may extend this by up to another
              45 days, for up to 90 days in total.
            </li>
            <li>Our answer covers the 12 months before we received your request.</li>
          </BulletList>
          <p>
            We will not treat you differently for using these rights. We do not sell personal information, so there is
            nothing to opt out of.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-requests',
      title: 'How to make a privacy request',
      body: (
        <p>
          Send your request using the contact details in section 18 and tell us which right you are using. To protect
          your account, we will ask you to confirm details that match what we hold, usually by answering from the e-mail
          address on your account. You may use an authorised agent; we will ask the agent for your signed permission and
          may ask you to confirm your identity with us directly.
        </p>
      ),
    },
    {
      id: 'privacy-dnt',
      title: 'Do Not Track',
      body: (
        <p>
          Browsers can send a &ldquo;Do Not Track&rdquo; signal. There is no common standard for how websites should
          respond to it, so we do not change our behaviour when we receive one. The cookie notice is how you choose
          whether outside analytics and advertising tools load.
        </p>
      ),
    },
    {
      id: 'privacy-changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy, we update the date at the top of this page. If a change affects how we use
          information you already gave us, we will tell you by e-mail or on the website before it takes effect.
        </p>
      ),
    },
    {
      id: 'privacy-contact',
      title: 'How to contact us',
      body: (
        <>
          <p>Questions about this policy or your information are welcome. You can reach {brand} by:</p>
          <ContactDetails />
        </>
      ),
    },
  ];
}

export default function PrivacyPage() {
  const brand = useBrand();
  const sections = policySections(brand);
  return (
    <StaticPage
      title="Privacy policy"
      updated={{ iso: '2022-12-22', text: 'December 22, 2022' }}
      intro={
        <p>We collect only what we need to run {brand} and keep you informed. Here is what that means in practice.</p>
      }
    >
      <Contents items={sections} />
      {sections.map((section, index) => (
        <Section key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.body}
        </Section>
      ))}
    </StaticPage>
  );
}
