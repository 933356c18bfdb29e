// CSV buttons of the staff reports. A table already on screen is written here (cells defused like
// the server's CSVs, src/shared/csv.ts); the viewers at a step are personal data, fetched from the
// server with the staff token, which asks for a recent second factor (decision 090).
import { useState, type MouseEvent } from 'react';
import { csvText } from '../../../../shared/csv';
import { pathWith } from '../../../../shared/contract/call';
import { FUNNEL_VIEWERS_CSV_PATH, type FunnelStepName } from '../../../../shared/contract/staff-reports';
import { currentCredentials } from '../../../api/credentials';
import { cx } from '../../../ui/cx';

const LINK_STYLES =
  'inline-flex min-h-11 items-center rounded-sm font-bold text-primary underline underline-offset-4 hover:text-primary-hover';

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** A button that saves a table's rows as a CSV file. */
export function TableCsv({
  filename,
  header,
  rows,
  label,
  className,
}: {
  filename: string;
  header: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
  /** What the button says, e.g. 'Export the funnel (CSV)'. */
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={cx(LINK_STYLES, className)}
      onClick={() => save(new Blob([csvText(header, rows)], { type: 'text/csv;charset=utf-8' }), filename)}
    >
      {label}
    </button>
  );
}

/** The viewers at a funnel step as CSV from the server; a refusal is said beside the link. */
export function ViewersCsv({ eventid, step, minutes }: { eventid: number; step: FunnelStepName; minutes: number }) {
  const [problem, setProblem] = useState<string | null>(null);
  const href = `${pathWith(FUNNEL_VIEWERS_CSV_PATH, { eventid })}?step=${step}&minutes=${minutes}`;
  const filename = `show-${eventid}-${step}-viewers.csv`;
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setProblem(null);
    try {
      const response = await fetch(href, { headers: { token: currentCredentials().token } });
      if (!response.ok) {
        setProblem(
          response.status === 401
            ? 'Your session has ended. Log in again to export the viewers.'
            : response.status === 403
              ? 'Exporting viewers’ names and e-mail addresses needs a recent second factor. Confirm it is you, then export again.'
              : 'The viewers could not be exported just now. Please try again.',
        );
        return;
      }
      save(await response.blob(), filename);
    } catch {
      setProblem('The viewers could not be exported: the server did not answer. Check your connection and try again.');
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <a href={href} download={filename} className={LINK_STYLES} onClick={(event) => void download(event)}>
        Export these viewers (CSV)
      </a>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
