// A closed contest's results: the winners first with their place and prize, then every entry with
// its votes and, where staff removed some after review, how many; the viewer's own entries stand out.
import type { ContestDetail, ContestResult } from '../../../shared/contract/contests';
import { cx } from '../../ui/cx';
import { ContestPhoto } from './contest-photo';
import { ordinal, prizeWords, removedWords, votesWords } from './contest-words';

function ResultCard({ result, prize, isMine }: { result: ContestResult; prize: string; isMine: boolean }) {
  const removed = removedWords(result.removed_votes);
  return (
    <article
      aria-label={`${ordinal(result.place)} place: ${result.entrant}`}
      className={cx(
        'flex gap-4 rounded-xl p-4 ring-1',
        isMine ? 'ring-2 ring-secondary' : 'ring-line',
        result.winner ? 'bg-primary-soft' : 'bg-white',
      )}
    >
      <ContestPhoto
        src={result.photo_url}
        alt={result.caption ? `Photo by ${result.entrant}: ${result.caption}` : `Photo by ${result.entrant}`}
        width={result.winner ? 160 : 96}
        height={result.winner ? 160 : 96}
        isEager={result.winner}
        className={cx('shrink-0 rounded-lg object-cover', result.winner ? 'size-28 sm:size-40' : 'size-20 sm:size-24')}
      />
      <div className="flex min-w-0 flex-col items-start gap-1">
        <p className="text-sm font-black tracking-wider text-secondary uppercase">
          {result.winner ? `Winner · ${ordinal(result.place)} place` : `${ordinal(result.place)} place`}
        </p>
        <p className="font-black text-ink">{result.entrant}</p>
        {result.caption && <p className="break-words text-ink">{result.caption}</p>}
        <p className="text-sm font-bold text-ink">{votesWords(result.votes)}</p>
        {removed && <p className="text-sm text-muted">{removed}</p>}
        {result.winner && prize && (
          <p className="text-sm text-ink">
            <span className="font-bold">Prize:</span> {prize}
          </p>
        )}
        {isMine && (
          <p className="rounded-full bg-secondary-soft px-3 py-0.5 text-sm font-black text-secondary">Your entry</p>
        )}
      </div>
    </article>
  );
}

export function Results({ contest }: { contest: ContestDetail }) {
  const mine = new Set([
    ...contest.mine.map((entry) => entry.id),
    ...contest.gallery.filter((e) => e.mine).map((e) => e.id),
  ]);
  const prize = prizeWords(contest.prize_text, contest.prize_points);
  const byPlace = [...contest.results].sort((a, b) => a.place - b.place);
  const winners = byPlace.filter((result) => result.winner);
  const others = byPlace.filter((result) => !result.winner);
  const myResults = byPlace.filter((result) => mine.has(result.submission_id));

  if (byPlace.length === 0) {
    return (
      <section aria-labelledby="results-heading" className="flex flex-col gap-3">
        <h2 id="results-heading" className="text-2xl font-black text-ink">
          Results
        </h2>
        <p className="text-ink">
          {contest.results_fixed_at || contest.gallery.length === 0
            ? 'No entry took part in this contest, so there is no winner.'
            : 'Voting has closed. The results are being counted and appear here shortly.'}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="results-heading" className="flex flex-col gap-6">
      <h2 id="results-heading" className="text-2xl font-black text-ink">
        Results
      </h2>
      {myResults.map((result) => (
        <p key={result.submission_id} className="rounded-lg bg-secondary-soft px-4 py-3 font-bold text-secondary">
          {result.winner
            ? `Congratulations! Your entry won ${ordinal(result.place)} place.`
            : `Your entry came ${ordinal(result.place)} with ${votesWords(result.votes)}.`}
        </p>
      ))}
      <div className="flex flex-col gap-3">
        <h3 className="text-xl font-black text-ink">{winners.length === 1 ? 'Winner' : 'Winners'}</h3>
        <ul className="grid gap-4 sm:grid-cols-2">
          {winners.map((result) => (
            <li key={result.submission_id}>
              <ResultCard result={result} prize={prize} isMine={mine.has(result.submission_id)} />
            </li>
          ))}
        </ul>
      </div>
      {others.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-xl font-black text-ink">Every other entry</h3>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((result) => (
              <li key={result.submission_id}>
                <ResultCard result={result} prize={prize} isMine={mine.has(result.submission_id)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
