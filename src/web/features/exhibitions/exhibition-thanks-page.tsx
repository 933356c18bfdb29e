// /exhibition-thanks and /exhibition-thanks/{id}: thanks to someone we met at an exhibition, with
// their reference number when the link carries one, and what to do next on the site.
import { Link, useParams } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';

export default function ExhibitionThanksPage() {
  const brand = useBrand();
  const { user } = useAuth();
  const { id } = useParams();
  const reference = id && /^\d{1,12}$/.test(id) ? id : null;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-5 px-4 py-12 sm:py-16">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Exhibitions</p>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">Thank you for visiting us</h1>
      <p className="text-lg text-ink">
        It was a pleasure to meet you at the exhibition. Between exhibitions, {brand} is live online: watch our shows,
        enter the giveaways and collect rewards.
      </p>
      {reference && (
        <p className="rounded-xl bg-white px-4 py-3 text-ink ring-1 ring-line">
          Your reference number is <span className="font-black tabular-nums">{reference}</span>. Please mention it if
          you contact us.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to="/home" className={buttonStyles('primary')}>
          See upcoming shows
        </Link>
        {!user && (
          <Link to="/register" className={buttonStyles('outline')}>
            Create your account
          </Link>
        )}
        <Link to="/product-register" className={buttonStyles('ghost')}>
          Register a product
        </Link>
      </div>
    </section>
  );
}
