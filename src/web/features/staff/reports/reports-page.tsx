// /staff/reports: a show's attendance funnel (RSVP → check-in → watched N minutes → giveaway entry →
// spin), who is counted at each step, and its viewers over time; or, for a range of Los Angeles days,
// the funnel over its shows and the site's traffic. The choice lives in the address (decision 090).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { WATCH_MINUTES, type ReportShow } from '../../../../shared/contract/staff-reports';
import { isRealDate } from '../../../../shared/validation';
import { ApiError } from '../../../api/client';
import { TextField } from '../../../ui/text-field';
import { LoadState } from '../load-state';
import { ReportSection, SEGMENT_STYLES } from '../report-parts';
import { SelectField } from '../shows/form-fields';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { AudienceReport } from './audience';
import { FunnelBars, FunnelTable, StepViewers } from './funnel';
import { useAudience, useRangeFunnel, useReportShows, useShowFunnel, useTraffic } from './queries';
import { RangeFunnelReport } from './range-funnel';
import { defaultRange } from './report-time';
import { TrafficReport } from './traffic';

type Mode = 'show' | 'range';

function minutesFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= WATCH_MINUTES.min && n <= WATCH_MINUTES.max ? n : WATCH_MINUTES.default;
}

/** The watched-minutes field: the report follows only a whole number in range. */
function MinutesField({ value, onChange }: { value: number; onChange: (minutes: number) => void }) {
  const [text, setText] = useState(String(value));
  const n = Number(text);
  const isValid = text !== '' && Number.isInteger(n) && n >= WATCH_MINUTES.min && n <= WATCH_MINUTES.max;
  return (
    <TextField
      label="Watched at least (minutes)"
      type="number"
      inputMode="numeric"
      min={WATCH_MINUTES.min}
      max={WATCH_MINUTES.max}
      value={text}
      error={isValid ? undefined : `A whole number from ${WATCH_MINUTES.min} to ${WATCH_MINUTES.max}.`}
      onChange={(event) => {
        setText(event.target.value);
        const next = Number(event.target.value);
        if (Number.isInteger(next) && next >= WATCH_MINUTES.min && next <= WATCH_MINUTES.max) onChange(next);
      }}
      className="sm:w-56"
    />
  );
}

function ShowReport({ eventid, minutes }: { eventid: number; minutes: number }) {
  const funnel = useShowFunnel(eventid, minutes);
  const audience = useAudience(eventid);
  if (funnel.error instanceof ApiError && funnel.error.httpStatus === 403) return <StaffOnly what="staff reports" />;
  return (
    <div className="flex flex-col gap-4">
      <ReportSection
        id="funnel-heading"
        title="Attendance funnel"
        note="Each step counts the viewers who also took every step before it. Staff and rehearsal viewers are left out."
      >
        <LoadState
          error={funnel.error}
          isPending={funnel.isPending}
          onRetry={() => void funnel.refetch()}
          loadingLabel="Loading the funnel"
        />
        {funnel.data && (
          <div className="flex flex-col gap-5">
            <FunnelBars steps={funnel.data.steps} minutes={funnel.data.minutes} />
            <FunnelTable
              steps={funnel.data.steps}
              minutes={funnel.data.minutes}
              caption={`The attendance funnel of ${funnel.data.show.title}`}
              filename={`show-${eventid}-funnel.csv`}
            />
          </div>
        )}
      </ReportSection>
      <ReportSection
        id="step-viewers-heading"
        title="Who is counted at each step"
        note="Names, e-mail addresses and the time of each step, in Los Angeles time."
      >
        <StepViewers key={`${eventid}-${minutes}`} eventid={eventid} minutes={minutes} />
      </ReportSection>
      <ReportSection
        id="audience-heading"
        title="Viewers over time"
        note="Viewers watching, counted every 15 seconds on air."
      >
        <LoadState
          error={audience.error}
          isPending={audience.isPending}
          onRetry={() => void audience.refetch()}
          loadingLabel="Loading viewers over time"
        />
        {audience.data && <AudienceReport audience={audience.data} />}
      </ReportSection>
    </div>
  );
}

function RangeReport({ from, to, minutes }: { from: string; to: string; minutes: number }) {
  const isValid = isRealDate(from) && isRealDate(to) && from <= to;
  const range = useRangeFunnel(from, to, minutes, isValid);
  const traffic = useTraffic(from, to, isValid);
  if (!isValid) return <p className="text-danger">Choose a start date on or before the end date.</p>;
  return (
    <div className="flex flex-col gap-4">
      <LoadState
        error={range.error}
        isPending={range.isPending}
        onRetry={() => void range.refetch()}
        loadingLabel="Loading the funnel"
      />
      {range.data && <RangeFunnelReport range={range.data} />}
      <LoadState
        error={traffic.error}
        isPending={traffic.isPending}
        onRetry={() => void traffic.refetch()}
        loadingLabel="Loading visits"
      />
      {traffic.data && <TrafficReport traffic={traffic.data} />}
    </div>
  );
}

const showOption = (show: ReportShow) => `${show.title}, ${laTime(show.starts_at)}`;

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const shows = useReportShows();
  const mode: Mode = params.get('from') || params.get('mode') === 'range' ? 'range' : 'show';
  const minutes = minutesFrom(params.get('minutes'));
  const fallback = defaultRange(new Date());
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const chosen = Number(params.get('show'));
  const eventid = Number.isInteger(chosen) && chosen > 0 ? chosen : (shows.data?.[0]?.eventid ?? 0);
  const modeName = 'report-mode';

  if (shows.error instanceof ApiError && shows.error.httpStatus === 403) return <StaffOnly what="staff reports" />;

  const update = (next: Record<string, string | number>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) merged.set(key, String(value));
    setParams(merged, { replace: true });
  };
  const switchTo = (next: Mode) =>
    setParams(
      next === 'range'
        ? new URLSearchParams({ mode: 'range', from, to, minutes: String(minutes) })
        : new URLSearchParams({ ...(eventid ? { show: String(eventid) } : {}), minutes: String(minutes) }),
      { replace: true },
    );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div>
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Show reports</h1>
        <p className="mt-1 text-muted">
          Attendance, viewers over time and visits. Times and days are Los Angeles time.
        </p>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end">
        <fieldset>
          <legend className="mb-2 text-sm font-bold text-muted">Report on</legend>
          <div className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-white p-1 sm:inline-grid">
            {(['show', 'range'] as const).map((m) => (
              <label key={m} className={SEGMENT_STYLES}>
                <input
                  type="radio"
                  name={modeName}
                  value={m}
                  checked={mode === m}
                  onChange={() => switchTo(m)}
                  className="sr-only"
                />
                {m === 'show' ? 'One show' : 'A range of days'}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'show' ? (
          <SelectField
            label="Show"
            value={eventid || ''}
            onChange={(event) => update({ show: event.target.value })}
            className="min-w-0 sm:w-96"
            disabled={!shows.data?.length}
          >
            {!shows.data?.length && <option value="">No shows have aired yet</option>}
            {shows.data?.map((show) => (
              <option key={show.eventid} value={show.eventid}>
                {showOption(show)}
              </option>
            ))}
          </SelectField>
        ) : (
          <>
            <TextField
              label="From"
              type="date"
              value={from}
              max={to}
              onChange={(event) => event.target.value && update({ mode: 'range', from: event.target.value })}
              className="sm:w-56"
            />
            <TextField
              label="To"
              type="date"
              value={to}
              min={from}
              onChange={(event) => event.target.value && update({ mode: 'range', to: event.target.value })}
              className="sm:w-56"
            />
          </>
        )}
        <MinutesField value={minutes} onChange={(next) => update({ minutes: next })} />
      </div>

      {mode === 'show' ? (
        <>
          <LoadState
            error={shows.error}
            isPending={shows.isPending}
            onRetry={() => void shows.refetch()}
            loadingLabel="Loading the shows"
          />
          {shows.data && eventid === 0 && <p className="text-muted">No shows have aired yet: nothing to report.</p>}
          {eventid > 0 && <ShowReport eventid={eventid} minutes={minutes} />}
        </>
      ) : (
        <RangeReport from={from} to={to} minutes={minutes} />
      )}
    </div>
  );
}
