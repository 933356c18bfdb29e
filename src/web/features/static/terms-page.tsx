// /terms: the terms of use for watching, chatting, buying and entering giveaways on the network.
import { Link } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { BulletList, ContactDetails, Section, StaticPage, linkStyles } from './static-page';

export default function TermsPage() {
  const brand = useBrand();
  return (
    <StaticPage
      title="Terms & conditions"
      intro={
        <p>
          These terms apply whenever you use {brand}: the website, the live shows, chat, auctions, giveaways and
          everything else we offer. By creating an account or using {brand}, you agree to them. Please read them
          together with our{' '}
          <Link to="/privacy" className={linkStyles}>
            Privacy policy
          </Link>
          .
        </p>
      }
    >
      <Section id="terms-who" title={`1. Who can use ${brand}`}>
        <p>
          You may watch {brand} without an account. To chat, RSVP, bid, buy or enter a giveaway, you need an account,
          and you must be an adult who can enter into a binding agreement. Our shows, prices, coupons and giveaways are
          for viewers in the United States.
        </p>
      </Section>

      <Section id="terms-account" title="2. Your account">
        <BulletList>
          <li>
            Give us accurate details and keep them up to date, especially your e-mail address and shipping address.
          </li>
          <li>One account per person. Accounts may not be shared, sold or transferred.</li>
          <li>
            Keep your password and one-time codes to yourself. You are responsible for what happens under your account.
          </li>
          <li>
            We may suspend or close an account that breaks these terms, abuses giveaways or puts other viewers at risk.
          </li>
        </BulletList>
      </Section>

      <Section id="terms-shows" title="3. Live shows and descriptions">
        <p>
          We describe every piece as carefully as we can, including its stones, metal and any treatments we know of.
          Colours on camera and on your screen can differ a little from the piece in your hand, and measurements and
          weights may vary slightly. Show times can change; we post updates on the website.
        </p>
      </Section>

      <Section id="terms-buying" title="4. Prices, orders and payment">
        <BulletList>
          <li>
            All prices are in US dollars and include only what the show or listing says they include. Shipping and
            applicable taxes are shown before you pay.
          </li>
          <li>
            An order is accepted when we confirm it. If a price was shown in error, we will tell you and you may cancel.
          </li>
          <li>We ship to addresses in the United States only.</li>
        </BulletList>
      </Section>

      <Section id="terms-auctions" title="5. Auctions">
        <p>
          A bid is an offer to buy at that price. The highest valid bid when the host closes the auction wins, and the
          winner is expected to complete the purchase. We may cancel an auction, or a bid, if there was a technical
          problem or a bid looks fraudulent.
        </p>
      </Section>

      <Section id="terms-coupons" title="6. Coupons, rewards and giveaways">
        <p>
          Coupons, rewards and giveaways follow their own rules, which are summarised in the{' '}
          <Link to="/faq" className={linkStyles}>
            Coupons &amp; Giveaway FAQ
          </Link>
          . Each giveaway also has its own official terms, linked from the giveaway page; where they differ from the
          FAQ, the giveaway&apos;s own terms apply. Coupons and rewards have no cash value.
        </p>
      </Section>

      <Section id="terms-chat" title="7. Chat and community">
        <p>
          Chat is part of the show, and we want it to stay friendly. When you chat, vote, like or submit anything, do
          not:
        </p>
        <BulletList>
          <li>harass, threaten or insult anyone, or post hateful or sexual content;</li>
          <li>post personal details, yours or anyone else&apos;s;</li>
          <li>advertise, spam or post links to other shops;</li>
          <li>pretend to be a host, a member of staff or another viewer.</li>
        </BulletList>
        <p>Our moderators may delete messages and mute or ban accounts that break these rules.</p>
      </Section>

      <Section id="terms-content" title="8. What you submit">
        <p>
          You keep ownership of photos and other content you submit. You allow {brand} to show it on the website and
          during shows in connection with the feature you submitted it to. Submit only content that you have the right
          to share.
        </p>
      </Section>

      <Section id="terms-ours" title="9. Our content">
        <p>
          The shows, videos, photos, text and design of {brand} belong to us or to the people who licensed them to us.
          You may watch and share links to them, but you may not copy, re-stream or sell them without our written
          permission.
        </p>
      </Section>

      <Section id="terms-referrals" title="10. Invitations and referrals">
        <p>
          You may share your invite link with people you know. Do not send it as spam, and do not create accounts to
          invite yourself; referral credit earned that way will be removed.
        </p>
      </Section>

      <Section id="terms-liability" title="11. Our responsibility to you">
        <p>
          We work to keep {brand} running, but live video and the internet can fail, and we cannot promise the service
          will always be available or free of errors. To the extent the law allows, we are not responsible for indirect
          losses, and our total responsibility for any claim is limited to what you paid us for the order concerned.
          Nothing in these terms takes away rights you have under consumer protection law.
        </p>
      </Section>

      <Section id="terms-changes" title="12. Changes to these terms">
        <p>
          We may update these terms as {brand} changes. We will post the new version here and, for important changes,
          tell you before they take effect. If you keep using {brand} after that, the new terms apply.
        </p>
      </Section>

      <Section id="terms-contact" title="13. Questions">
        <p>If anything here is unclear, ask us:</p>
        <ContactDetails />
      </Section>
    </StaticPage>
  );
}
