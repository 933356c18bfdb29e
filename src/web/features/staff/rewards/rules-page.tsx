// /staff/rewards: the earning rules as an editable table (points, daily cap, cap per show where it
// applies, on or off). Saving sends every rule; the server's problems show under their fields.
import { useState, type FormEvent } from 'react';
import type { EarningRuleRecord } from '../../../../shared/contract/reward-rules';
import { RULES_WITH_SHOW_CAP, WATCH_MINUTES_PER_CREDIT, type EarningRule } from '../../../../shared/rewards';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Th } from '../../../ui/data-table';
import { inputStyles } from '../../../ui/text-field';
import { cx } from '../../../ui/cx';
import { LoadState } from '../load-state';
import { StaffOnly } from '../staff-only';
import { useEarningRules, useSaveEarningRules } from './queries';
import { RewardsFrame, RULE_NAMES } from './rewards-frame';

type Draft = { points: string; daily_cap: string; show_cap: string; enabled: boolean };

const draftOf = (rule: EarningRuleRecord): Draft => ({
  points: String(rule.points),
  daily_cap: rule.daily_cap === null ? '' : String(rule.daily_cap),
  show_cap: rule.show_cap === null ? '' : String(rule.show_cap),
  enabled: rule.enabled,
});

/** A typed whole number; an empty cap is no cap (null), anything unreadable goes as NaN for the server to refuse. */
const capOf = (text: string) => (text.trim() ? Number(text.trim()) : null);
const numberOf = (text: string) => (text.trim() ? Number(text.trim()) : Number.NaN);

function NumberCell({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  placeholder?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputStyles, 'w-28 tabular-nums', error && 'border-danger')}
      />
      {error && (
        <p id={`${id}-error`} className="max-w-48 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function RulesForm({ rules }: { rules: EarningRuleRecord[] }) {
  const [drafts, setDrafts] = useState(() => Object.fromEntries(rules.map((r) => [r.rule, draftOf(r)])));
  const [notice, setNotice] = useState('');
  const save = useSaveEarningRules();
  const issues = save.error instanceof ApiError ? save.error.fieldIssues : [];
  const issueOf = (index: number, field: keyof Draft) =>
    issues.find((issue) => issue.field === `rules.${index}.${field}`)?.message;
  const set = (rule: EarningRule, change: Partial<Draft>) => {
    setNotice('');
    setDrafts((all) => ({ ...all, [rule]: { ...all[rule]!, ...change } }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    save.mutate(
      {
        rules: rules.map(({ rule }) => {
          const draft = drafts[rule]!;
          return {
            rule,
            points: numberOf(draft.points),
            daily_cap: capOf(draft.daily_cap),
            show_cap: RULES_WITH_SHOW_CAP.includes(rule) ? capOf(draft.show_cap) : null,
            enabled: draft.enabled,
          };
        }),
      },
      {
        onSuccess: (answer) => {
          setDrafts(Object.fromEntries(answer.data.map((r) => [r.rule, draftOf(r)])));
          setNotice(answer.message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {/* Focusable, so a keyboard can scroll the table sideways on a phone. */}
      <div
        className="overflow-x-auto rounded-xl border border-line bg-white"
        tabIndex={0}
        role="region"
        aria-label="Earning rules, scrolls sideways"
      >
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Earning rules</caption>
          <thead className="bg-canvas text-muted">
            <tr>
              <Th>Rule</Th>
              <Th>Points</Th>
              <Th>Daily cap per viewer</Th>
              <Th>Cap per show</Th>
              <Th>On</Th>
            </tr>
          </thead>
          <tbody>
            {rules.map(({ rule }, index) => {
              const draft = drafts[rule]!;
              const words = RULE_NAMES[rule];
              return (
                <tr key={rule} className="border-t border-line align-top">
                  <th scope="row" className="px-3 py-3 text-left">
                    <span className="block font-bold text-ink">{words.name}</span>
                    <span className="block font-normal text-muted">{words.per}</span>
                  </th>
                  <td className="px-3 py-2">
                    <NumberCell
                      id={`rule-${rule}-points`}
                      label={`${words.name}: points`}
                      value={draft.points}
                      onChange={(points) => set(rule, { points })}
                      error={issueOf(index, 'points')}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <NumberCell
                      id={`rule-${rule}-daily`}
                      label={`${words.name}: daily cap (empty for none)`}
                      value={draft.daily_cap}
                      placeholder="No cap"
                      onChange={(daily_cap) => set(rule, { daily_cap })}
                      error={issueOf(index, 'daily_cap')}
                    />
                  </td>
                  <td className="px-3 py-2">
                    {RULES_WITH_SHOW_CAP.includes(rule) ? (
                      <NumberCell
                        id={`rule-${rule}-show`}
                        label={`${words.name}: cap per show (empty for none)`}
                        value={draft.show_cap}
                        placeholder="No cap"
                        onChange={(show_cap) => set(rule, { show_cap })}
                        error={issueOf(index, 'show_cap')}
                      />
                    ) : (
                      <span className="text-muted">Does not apply</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <label className="flex min-h-11 items-center gap-2 font-bold text-ink">
                      <input
                        type="checkbox"
                        checked={draft.enabled}
                        onChange={(e) => set(rule, { enabled: e.target.checked })}
                        className="size-5 accent-primary"
                      />
                      <span>
                        {draft.enabled ? 'On' : 'Off'}
                        <span className="sr-only">: {words.name}</span>
                      </span>
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted">
        Watch points count every {WATCH_MINUTES_PER_CREDIT} minutes the server saw a viewer on a live show, never what a
        browser reports. An empty cap means no cap. Changes apply to points earned from now on.
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      <div>
        <Button type="submit" isBusy={save.isPending}>
          Save the rules
        </Button>
      </div>
    </form>
  );
}

export default function StaffRulesPage() {
  const { data, error, isPending, refetch } = useEarningRules();
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="rewards" />;
  return (
    <RewardsFrame
      title="Earning rules"
      intro="How many points each thing a viewer does earns, and the most it can earn in a day. Every change is logged with your name."
    >
      <LoadState error={error} isPending={isPending} onRetry={() => void refetch()} loadingLabel="Loading the rules" />
      {data && <RulesForm rules={data} />}
    </RewardsFrame>
  );
}
