// /about: the story of the network, from a one-camera stream to the live shows viewers watch today.
import { Link } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { BulletList, Section, StaticPage, linkStyles } from './static-page';

export default function AboutPage() {
  const brand = useBrand();
  return (
    <StaticPage
      title="About us"
      intro={
        <p>
          {brand} is a live jewelry entertainment network: real people showing real jewelry and gemstones on camera,
          answering questions as they come in, and keeping prices honest. This is how we got here.
        </p>
      }
    >
      <Section id="about-start" title="Where it started">
        <p>
          {brand} began with two friends and a shared habit. One had spent years buying and cutting gemstones for small
          jewelry studios; the other had worked behind the camera on shopping and cooking programs. Both kept hearing
          the same thing from buyers: jewelry bought online arrives looking nothing like the photo, and there is nobody
          to ask before you pay.
        </p>
        <p>
          Their answer was simple. Put the pieces in front of a live camera, turn them under ordinary light and a loupe,
          and let viewers ask whatever they like while they watch.
        </p>
      </Section>

      <Section id="about-first-show" title="The first live show">
        <p>
          The first {brand} show went out from a spare room with one camera, a desk lamp and a tray of rings. A handful
          of viewers watched, most of them friends and family, and the chat was mostly questions about the lamp. But a
          few strangers stayed to the end, came back the next week and brought people with them.
        </p>
        <p>
          Those early regulars shaped the format we still use: every piece shown up close and from several angles, the
          stone and metal named plainly, and the price said out loud before anyone is asked to decide.
        </p>
      </Section>

      <Section id="about-growth" title="Growing a little at a time">
        <p>
          As the audience grew, so did the show, slowly and on purpose. We moved into a small studio with proper
          lighting, added more hosts so there could be more shows each week, and built our own website so viewers could
          watch, chat and shop in one place instead of hopping between apps.
        </p>
        <p>
          Along the way we added the parts our viewers asked for most: auctions for one-of-a-kind pieces, loose gems for
          people who like to design their own settings, giveaways during live events, RSVPs so you never miss a show you
          care about, and a rewards program for the people who keep coming back.
        </p>
      </Section>

      <Section id="about-today" title="What you get when you watch">
        <BulletList>
          <li>Live shows where you can see each piece move under the light and ask about it before you buy.</li>
          <li>Hosts who know their stones and will tell you what a piece is, and what it is not.</li>
          <li>
            Giveaways during live events, open to every viewer with an account. The{' '}
            <Link to="/faq" className={linkStyles}>
              Coupons &amp; Giveaway FAQ
            </Link>{' '}
            explains how they work.
          </li>
          <li>Coupons, rewards and show reminders for regular viewers.</li>
          <li>Prices in US dollars and shipping within the United States.</li>
        </BulletList>
      </Section>

      <Section id="about-promise" title="What we promise">
        <p>
          We want watching {brand} to be fun whether or not you buy anything. We will describe every piece as accurately
          as we can, answer your questions in the open, and fix things when we get them wrong. If something is not
          right, we want to hear about it:{' '}
          <Link to="/contact-us" className={linkStyles}>
            contact us
          </Link>{' '}
          and a real person will get back to you.
        </p>
      </Section>
    </StaticPage>
  );
}
