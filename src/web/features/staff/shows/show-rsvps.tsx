// Who RSVPed to a show, in the order they did: name, e-mail and when (Los Angeles time). On a
// phone the table scrolls sideways inside its own box.
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Spinner } from '../../../ui/spinner';
import { useShowRsvps } from '../queries';
import { ReportSection } from '../report-parts';
import { laTime } from './show-format';

export function ShowRsvps({ showId }: { showId: number }) {
  const { data: rsvps, error, isPending } = useShowRsvps(showId);
  const note = rsvps?.length ? `${rsvps.length} ${rsvps.length === 1 ? 'viewer' : 'viewers'}, in the order they signed up.` : undefined;
  return (
    <ReportSection id="rsvps-heading" title="RSVPs" note={note}>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {isPending && <Spinner className="size-6 text-primary" label="Loading the RSVPs" />}
      {rsvps && rsvps.length === 0 && <p className="text-sm text-muted">No one has RSVPed yet.</p>}
      {rsvps && rsvps.length > 0 && (
        <div role="region" aria-label="RSVPs, scrollable" tabIndex={0} className="max-h-96 overflow-auto rounded-lg border border-line">
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">Viewers who RSVPed, with their e-mail and when</caption>
            <thead className="sticky top-0 bg-white">
              <tr className="text-left text-muted">
                <th scope="col" className="px-3 py-2 font-bold">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-bold">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-bold">
                  RSVPed
                </th>
              </tr>
            </thead>
            <tbody>
              {rsvps.map((rsvp) => (
                <tr key={rsvp.user_id} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 text-left font-bold text-ink">
                    {rsvp.name}
                  </th>
                  <td className="px-3 py-2 break-all">
                    <a href={`mailto:${rsvp.email}`} className="text-primary underline-offset-2 hover:underline">
                      {rsvp.email}
                    </a>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={rsvp.created_at}>{laTime(rsvp.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ReportSection>
  );
}
