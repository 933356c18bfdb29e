// /contact-us: a short welcome and the same two contact cards as the footer's drawer (spec §2).
import ContactCards from '../../shell/contact-cards';
import { useBrand } from '../../shell/site-config';

export default function ContactUsPage() {
  const brand = useBrand();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">Contact us</h1>
      <p className="mt-3 text-base leading-7 text-muted sm:text-lg sm:leading-8">
        A question about a piece you saw on a show, an order, a coupon or a giveaway? The {brand} team is happy to help.
        Texting is the quickest way to reach us, and e-mail works just as well for anything that needs more detail.
      </p>
      <div className="mt-8">
        <ContactCards headingLevel={2} />
      </div>
    </div>
  );
}
