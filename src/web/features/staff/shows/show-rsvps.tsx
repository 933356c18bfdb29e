// Who RSVPed to a show, in the order they did: name, e-mail and when (Los Angeles time). On a
// phone the table scrolls sideways inside its own box.
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { DataTable } from '../../../ui/data-table';
import { Spinner } from '../../../ui/spinner';
import { useShowRsvps } from '../queries';
import { ReportSection } from '../report-parts';
import { laTime } from './show-format';

export function ShowRsvps({ showId }: { showId: number }) {
  const { data: rsvps, error, isPending } = useShowRsvps(showId);
  const note = rsvps?.length
    ? `${rsvps.length} ${rsvps.length === 1 ? 'viewer' : 'viewers'}, in the order they signed up.`
    : undefined;
  return (
    <ReportSection id="rsvps-heading" title="RSVPs" note={note}>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {isPending && <Spinner className="size-6 text-primary" label="Loading the RSVPs" />}
      {rsvps && rsvps.length === 0 && <p className="text-sm text-muted">No one has RSVPed yet.</p>}
      {rsvps && rsvps.length > 0 && (
        <div
          role="region"
          aria-label="RSVPs, scrollable"
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-lg border border-line"
        >
          <DataTable
            caption="Viewers who RSVPed, with their e-mail and when"
            className="min-w-[32rem]"
            stickyHeader
            rows={rsvps}
            rowKey={(rsvp) => rsvp.user_id}
            columns={[
              { header: 'Name', cell: (rsvp) => rsvp.name },
              {
                header: 'E-mail',
                className: 'break-all',
                cell: (rsvp) => (
                  <a href={`mailto:${rsvp.email}`} className="text-primary underline-offset-2 hover:underline">
                    {rsvp.email}
                  </a>
                ),
              },
              {
                header: 'RSVPed',
                className: 'whitespace-nowrap',
                cell: (rsvp) => <time dateTime={rsvp.created_at}>{laTime(rsvp.created_at)}</time>,
              },
            ]}
          />
        </div>
      )}
    </ReportSection>
  );
}
