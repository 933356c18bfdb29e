// /product-register: registering a piece bought from us at a jewelry exhibition. The team
// registers it from the receipt; this page says what to send and how to reach them.
import { Link } from 'react-router';
import ContactCards from '../../shell/contact-cards';
import { useBrand } from '../../shell/site-config';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';

export default function ProductRegisterPage() {
  const brand = useBrand();
  const { user } = useAuth();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-12 md:grid-cols-[3fr_2fr] md:gap-12">
      <section className="flex flex-col gap-4">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Exhibitions</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Register a product</h1>
        <p className="text-lg text-ink">
          Bought a piece from {brand} at a jewelry exhibition? Register it with us so it is on record under your name.
        </p>
        <h2 className="mt-2 text-xl font-black text-ink">What to send us</h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-ink marker:font-black marker:text-secondary">
          <li>A photo of your receipt, or its number and the exhibition&apos;s name and date.</li>
          <li>The e-mail address of your {brand} account.</li>
          <li>A photo of the piece, if you have one to hand.</li>
        </ol>
        <p className="text-muted">Our team registers the piece and confirms it by e-mail.</p>
        {!user && (
          <p className="text-muted">
            No account yet?{' '}
            <Link to="/register" className="font-bold text-primary underline underline-offset-4">
              Create one
            </Link>{' '}
            or{' '}
            <Link
              to={loginPathFor('/product-register')}
              className="font-bold text-primary underline underline-offset-4"
            >
              log in
            </Link>{' '}
            first, so the piece goes on your record.
          </p>
        )}
      </section>
      <section aria-label="Contact us" className="flex flex-col gap-3">
        <ContactCards headingLevel={2} />
      </section>
    </div>
  );
}
