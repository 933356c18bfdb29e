// "How to earn" on /rewards: every earning rule that is on, with its real points and caps from
// earningrules_v1, worded by shared/reward-words.ts (the same names the ledger uses).
import { useQuery } from '@tanstack/react-query';
import { OTHER_WAYS_TO_EARN, REASON_WORDS, earningRuleWords } from '../../../shared/reward-words';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { earningRulesQuery } from './queries';

function Way({ title, words }: { title: string; words: string }) {
  return (
    <li className="rounded-xl border border-line bg-white p-5">
      <h3 className="text-lg font-black text-primary">{title}</h3>
      <p className="mt-2 text-muted">{words}</p>
    </li>
  );
}

export function WaysToEarn() {
  const rules = useQuery(earningRulesQuery());
  return (
    <section aria-labelledby="ways-heading" className="flex flex-col gap-4">
      <h2 id="ways-heading" className="text-2xl font-black text-ink">
        How to earn
      </h2>
      {rules.isPending && <p className="text-muted">Loading the ways to earn…</p>}
      {rules.isError && <Alert tone="error">{errorMessage(rules.error)}</Alert>}
      {rules.data && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rules.data.map((rule) => (
            <Way key={rule.rule} title={REASON_WORDS[rule.rule]} words={earningRuleWords(rule.rule, rule)} />
          ))}
          {OTHER_WAYS_TO_EARN.map((way) => (
            <Way key={way.reason} title={REASON_WORDS[way.reason]} words={way.words} />
          ))}
        </ul>
      )}
    </section>
  );
}
