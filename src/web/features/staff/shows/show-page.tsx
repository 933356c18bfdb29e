// /staff/shows/:id: one show, giveaway or special event for staff: its schedule, visibility and
// stream, editing it, ending it while it is live, who RSVPed, its watch statistics and, for a
// special event, the quiz questions and the answers viewers gave.
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { consolePath } from '../../../../shared/contract/console';
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button, buttonStyles } from '../../../ui/button';
import { eventIdFrom } from '../../events/queries';
import { RehearseButton } from '../console/rehearse-button';
import { LoadState } from '../load-state';
import { useShowAnswers, useStaffShow } from '../queries';
import { StaffOnly } from '../staff-only';
import { Modal } from './dialog';
import { EndShowDialog } from './end-show-dialog';
import { QuizAnswers } from './quiz-answers';
import { QuizEditor } from './quiz-editor';
import { ShowBadges } from './show-badges';
import { ShowForm } from './show-form';
import { ShowGuessing } from './show-guessing';
import { PLATFORM_LABELS, timeRange, TYPE_LABELS } from './show-format';
import { showValues } from './show-form-values';
import { ShowRsvps } from './show-rsvps';
import { ShowStats } from './show-stats';

function noticeFrom(state: unknown): string {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : '';
}

const isPlatform = (value: string): value is keyof typeof PLATFORM_LABELS => value in PLATFORM_LABELS;

function Facts({ show }: { show: StaffEventRecord }) {
  const facts = [
    {
      label: 'Visibility',
      value: show.IS_Public ? 'Public: listed for viewers' : 'Private: staff and viewers on its RSVP list only',
    },
    { label: 'Platform', value: isPlatform(show.platform) ? PLATFORM_LABELS[show.platform] : show.platform },
    { label: 'Stream', value: show.stream_url || 'Not set yet' },
    { label: 'Replay', value: show.replay_url || 'Not set' },
    { label: 'Image', value: show.image || 'None' },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-sm font-bold text-muted">{fact.label}</dt>
          <dd className="text-ink wrap-anywhere">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ShowDetail({
  show,
  notice,
  onNotice,
}: {
  show: StaffEventRecord;
  notice: string;
  onNotice: (message: string) => void;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [isEnding, setIsEnding] = useState(false);
  const isSpecial = show.type === 'specialshow';
  const answers = useShowAnswers(show.id, isSpecial);
  const kind = TYPE_LABELS[show.type].toLowerCase();

  return (
    <>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <ShowBadges show={show} />
          <h1 className="text-3xl font-black text-ink wrap-anywhere sm:text-4xl">{show.title}</h1>
          <p className="font-bold text-muted">
            <time dateTime={show.cust_start}>{timeRange(show.cust_start, show.cust_end)}</time>
          </p>
          {show.description && <p className="max-w-prose whitespace-pre-line text-muted">{show.description}</p>}
        </div>
        <div className="flex flex-wrap gap-3">
          {show.type === 'show' && (
            <>
              <Link to={consolePath(show.id)} className={buttonStyles('primary')}>
                Open console
              </Link>
              <RehearseButton eventId={show.id} title={show.title} />
            </>
          )}
          <Button variant={show.type === 'show' ? 'outline' : 'primary'} onClick={() => setIsEditing(true)}>
            Edit
          </Button>
          {show.status === 'live' && (
            <Button
              variant="outline"
              className="border-danger text-danger hover:bg-danger-soft"
              onClick={() => setIsEnding(true)}
            >
              End now
            </Button>
          )}
          {show.status === 'past' && (
            <Link to={`/past/${show.id}`} className={buttonStyles('outline')}>
              Open the replay page
            </Link>
          )}
          {show.status === 'past' && show.type !== 'giveaway' && (
            <Link to={`/staff/reports?show=${show.id}`} className={buttonStyles('outline')}>
              Attendance funnel
            </Link>
          )}
        </div>
      </header>

      {notice && <Alert tone="success">{notice}</Alert>}
      <Facts show={show} />

      <div className="grid gap-4 lg:grid-cols-2">
        <ShowStats showId={show.id} />
        <ShowRsvps showId={show.id} />
        {show.type === 'show' && <ShowGuessing show={show} />}
        {isSpecial && (
          <>
            <QuizEditor showId={show.id} isLocked={(answers.data?.length ?? 0) > 0} />
            <QuizAnswers answers={answers.data} error={answers.error} isPending={answers.isPending} />
          </>
        )}
      </div>

      <Modal
        open={isEditing}
        onOpenChange={setIsEditing}
        title={`Edit the ${kind}`}
        description="Changes reach viewers as soon as you save. Times are Los Angeles time."
      >
        <ShowForm
          initial={showValues(show)}
          show={show}
          onCancel={() => setIsEditing(false)}
          onSaved={(_saved, message) => {
            setIsEditing(false);
            onNotice(message);
          }}
        />
      </Modal>
      <EndShowDialog
        show={show}
        open={isEnding}
        onOpenChange={setIsEnding}
        onEnded={(message) => {
          setIsEnding(false);
          onNotice(message);
        }}
      />
    </>
  );
}

export default function ShowPage() {
  const id = eventIdFrom(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  const { data: show, error, isPending, refetch } = useStaffShow(id ?? 0);
  const notice = noticeFrom(location.state);

  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="show scheduling" />;
  const isMissing =
    id === null || (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link to="/staff/shows" className="self-start rounded-sm font-bold text-primary hover:underline">
        ← All shows and events
      </Link>
      {isMissing ? (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-3xl font-black text-ink">We could not find that show or event</h1>
          <p className="text-muted">
            It may have been a mistyped link. The list has every show, giveaway and special event.
          </p>
        </div>
      ) : (
        <>
          <LoadState
            error={error}
            isPending={isPending}
            onRetry={() => void refetch()}
            loadingLabel="Loading the show"
          />
          {show && (
            <ShowDetail
              show={show}
              notice={notice}
              onNotice={(message) => navigate('.', { replace: true, state: { notice: message } })}
            />
          )}
        </>
      )}
    </div>
  );
}
