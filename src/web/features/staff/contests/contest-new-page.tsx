// /staff/contests/new: the contest form on its own page; once created, on to the contest's page.
import { Link, useNavigate } from 'react-router';
import { ContestForm } from './contest-form';

export default function NewContestPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link to="/staff/contests" className="self-start font-bold text-primary underline underline-offset-4">
        All contests
      </Link>
      <div>
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff · Contests</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">New contest</h1>
        <p className="mt-1 max-w-prose text-muted">
          Viewers see it on the contests page once entries open. Every time is Los Angeles time.
        </p>
      </div>
      <ContestForm
        onCancel={() => navigate('/staff/contests')}
        onSaved={(contest, message) => navigate(`/staff/contests/${contest.id}`, { state: { notice: message } })}
      />
    </div>
  );
}
