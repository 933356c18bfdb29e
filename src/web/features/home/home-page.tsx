// Home: what Gemcast is, and the next step for a visitor (log in or register) or a viewer.
import { Link } from 'react-router';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';

const HIGHLIGHTS = [
  {
    title: 'Live shows',
    text: 'Watch our hosts present rings, pendants and loose gems live, ask questions in the chat and shop as the show runs.',
  },
  {
    title: 'Giveaways',
    text: 'Shows come with giveaways. Enter with your account for each show, and you could be the next winner we call out on air.',
  },
  {
    title: 'Rewards',
    text: 'Watching, RSVPing and taking part earn you reward points, plus coupons for your birthday and anniversary.',
  },
];

export function HomePage() {
  const { user } = useAuth();
  return (
    <>
      <section className="bg-linear-to-br from-primary to-secondary text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-14 sm:py-20">
          <p className="font-bold tracking-widest text-white/85 uppercase">Live online jewelry shopping</p>
          <h1 className="max-w-3xl text-4xl leading-tight font-black sm:text-5xl">
            {user ? `Welcome, ${user.nickname || user.first_name}!` : 'Where entertainment meets beautiful jewelry and amazing prices.'}
          </h1>
          <p className="max-w-2xl text-lg text-white/90">
            {user
              ? 'Your account is ready for the next show. Keep your details up to date so we can send your birthday and anniversary coupons.'
              : 'Join Gemcast to watch live jewelry shows, enter giveaways and collect rewards. It takes a minute and it is free.'}
          </p>
          <div className="flex flex-wrap gap-3">
            {user ? (
              <Link to="/profile" className={buttonStyles('outline')}>
                Go to your profile
              </Link>
            ) : (
              <>
                <Link to="/register" className={buttonStyles('outline')}>
                  Create your account
                </Link>
                <Link to="/login" className={buttonStyles('ghost', 'md', 'text-white ring-1 ring-white/70 hover:bg-white/10')}>
                  Log in
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="highlights-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="highlights-heading" className="text-2xl font-black text-ink">
          What happens on Gemcast
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-xl border border-line bg-white p-5">
              <h3 className="text-lg font-black text-primary">{item.title}</h3>
              <p className="mt-2 text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
