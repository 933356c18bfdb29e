// Entering a contest: the form (a photo with its preview, a caption with its counter, consent to
// show it on air) while entries are open, and the viewer's own entries with their review state and
// a way to send a new photo for one that is pending or was not accepted. Signed-out viewers get a
// way in that comes back here.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CAPTION_MAX,
  CONTEST_PHOTO_MAX_BYTES,
  type ContestDetail,
  type MySubmission,
} from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { cx } from '../../ui/cx';
import { loginPathFor } from '../auth/redirect';
import { ContestPhoto } from './contest-photo';
import { captionCount, stateWords } from './contest-words';
import { useSubmitEntryMutation } from './queries';
import { useObjectUrl } from '../../lib/use-object-url';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Whether the browser can read the file as a picture; the server still has the last word. */
async function photoProblem(file: File): Promise<string> {
  if (file.size > CONTEST_PHOTO_MAX_BYTES) return CONTEST_MESSAGES.photoTooLarge;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return '';
  } catch {
    return CONTEST_MESSAGES.photoNotImage;
  }
}

/** The server's message, with the fields it names when it lists more than one problem. */
function refusal(error: unknown): string {
  const issues = error instanceof ApiError ? error.fieldIssues.map((issue) => issue.message) : [];
  const message = errorMessage(error);
  const extra = issues.filter((text) => text !== message);
  return extra.length > 0 ? `${message} ${extra.join(' ')}` : message;
}

function ProgressLine({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted">{fraction < 1 ? `Uploading… ${percent}%` : 'Checking your photo…'}</p>
    </div>
  );
}

function EntryForm({ contest, userId, onSent }: { contest: ContestDetail; userId: number; onSent: () => void }) {
  const submit = useSubmitEntryMutation(contest.id, userId);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { photo: useId(), caption: useId(), counter: useId(), consent: useId(), hint: useId() };
  const [photo, setPhoto] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState('');
  const [progress, setProgress] = useState(0);
  const preview = useObjectUrl(photo);

  async function handlePhoto(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    submit.reset();
    const found = chosen ? await photoProblem(chosen) : '';
    setProblem(found);
    setPhoto(found ? null : chosen);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!photo) {
      setProblem(CONTEST_MESSAGES.photoRequired);
      fileRef.current?.focus();
      return;
    }
    setProblem('');
    setProgress(0);
    submit.mutate(
      { contestId: contest.id, caption, consent, photo, onProgress: setProgress },
      {
        onSuccess: () => {
          onSent();
          setPhoto(null);
          setCaption('');
          setConsent(false);
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  }

  const shownProblem = problem || (submit.isError ? refusal(submit.error) : '');
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-line">
      <h3 className="text-lg font-black text-ink">Send a photo</h3>
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.photo} className="font-bold text-ink">
          Photo
        </label>
        <input
          ref={fileRef}
          id={ids.photo}
          type="file"
          accept={ACCEPTED_TYPES}
          aria-describedby={ids.hint}
          onChange={(event) => void handlePhoto(event)}
          className="max-w-full text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-primary file:bg-white file:px-4 file:font-bold file:text-primary"
        />
        <p id={ids.hint} className="text-sm text-muted">
          JPEG, PNG, WebP, GIF or AVIF, up to {CONTEST_PHOTO_MAX_BYTES / 1024 / 1024} MB. Your own photo, please: we
          check every entry before it is shown.
        </p>
        {preview && (
          <img
            src={preview}
            alt="Preview of the photo you chose"
            width={320}
            height={320}
            className="aspect-square w-full max-w-xs rounded-lg object-cover ring-1 ring-line"
          />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.caption} className="font-bold text-ink">
          Caption
        </label>
        <textarea
          id={ids.caption}
          value={caption}
          maxLength={CAPTION_MAX}
          rows={3}
          aria-describedby={ids.counter}
          onChange={(event) => setCaption(event.target.value)}
          className="rounded-lg border border-line px-3 py-2 text-ink focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        />
        <p
          id={ids.counter}
          className={cx('text-sm', caption.length >= CAPTION_MAX ? 'font-bold text-danger' : 'text-muted')}
        >
          {captionCount(caption.length, CAPTION_MAX)}
        </p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={ids.consent}
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          className="mt-1 size-5 accent-primary"
        />
        <label htmlFor={ids.consent} className="text-ink">
          You may show my photo on air
        </label>
      </div>
      {submit.isPending && <ProgressLine fraction={progress} />}
      {shownProblem && <Alert tone="error">{shownProblem}</Alert>}
      <Button type="submit" isBusy={submit.isPending} className="self-start">
        Enter my photo
      </Button>
    </form>
  );
}

type EntryProps = { contest: ContestDetail; userId: number; onReplaced: () => void };

/** A new photo for a pending or rejected entry; `onReplaced` lets the section drop its earlier "Thanks" note. */
function ReplacePhoto({ contest, userId, entry, onReplaced }: EntryProps & { entry: MySubmission }) {
  const submit = useSubmitEntryMutation(contest.id, userId);
  const fileRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const found = await photoProblem(chosen);
    setProblem(found);
    if (found) return;
    submit.mutate(
      {
        contestId: contest.id,
        caption: entry.caption,
        consent: entry.consent_on_air,
        photo: chosen,
        submissionId: entry.id,
      },
      { onSuccess: onReplaced },
    );
  }

  const shownProblem = problem || (submit.isError ? refusal(submit.error) : '');
  return (
    <div className="flex flex-col items-start gap-2">
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPTED_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void handleChange(event)}
      />
      <Button variant="outline" size="sm" isBusy={submit.isPending} onClick={() => fileRef.current?.click()}>
        Replace photo
      </Button>
      {shownProblem && <Alert tone="error">{shownProblem}</Alert>}
      {submit.isSuccess && <Alert tone="success">{CONTEST_MESSAGES.replaced}</Alert>}
    </div>
  );
}

const STATE_STYLES = {
  pending: 'bg-secondary-soft text-secondary',
  approved: 'bg-success-soft text-success',
  rejected: 'bg-danger-soft text-danger',
} as const;

function MyEntries({ contest, userId, onReplaced }: EntryProps) {
  if (contest.mine.length === 0) return null;
  const canReplace = contest.phase === 'submitting';
  return (
    <section aria-labelledby="my-entries-heading" className="flex flex-col gap-3">
      <h3 id="my-entries-heading" className="text-lg font-black text-ink">
        Your {contest.mine.length === 1 ? 'entry' : 'entries'}
      </h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {contest.mine.map((entry) => (
          <li key={entry.id} className="flex gap-4 rounded-xl bg-white p-4 ring-1 ring-line">
            <ContestPhoto
              src={entry.photo_url}
              alt={entry.caption ? `Your photo: ${entry.caption}` : 'Your photo'}
              width={96}
              height={96}
              className="size-24 shrink-0 rounded-lg object-cover"
            />
            <div className="flex min-w-0 flex-col items-start gap-2">
              <p className={cx('rounded-full px-3 py-0.5 text-sm font-black', STATE_STYLES[entry.state])}>
                {stateWords(entry.state, entry.reject_reason)}
              </p>
              {entry.caption && <p className="break-words text-ink">{entry.caption}</p>}
              {canReplace && entry.state !== 'approved' && (
                <ReplacePhoto contest={contest} userId={userId} entry={entry} onReplaced={onReplaced} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EntrySection({ contest, userId }: { contest: ContestDetail; userId: number }) {
  const isOpen = contest.phase === 'submitting';
  const hasRoom = contest.mine.length < contest.entries_per_viewer;
  const [isSent, setSent] = useState(false);
  if (!isOpen && userId === 0) return null;
  return (
    <section aria-labelledby="enter-heading" className="flex flex-col gap-4">
      <h2 id="enter-heading" className="text-2xl font-black text-ink">
        {isOpen ? 'Enter this contest' : 'Your entries'}
      </h2>
      {userId === 0 ? (
        isOpen && (
          <div className="flex flex-col items-start gap-3">
            <p className="text-ink">Log in to enter your photo. Entering is free.</p>
            <Link to={loginPathFor(`/contest/${contest.id}`)} className={buttonStyles('primary')}>
              Log in to enter
            </Link>
          </div>
        )
      ) : (
        <>
          {isOpen &&
            (hasRoom ? (
              <EntryForm contest={contest} userId={userId} onSent={() => setSent(true)} />
            ) : (
              <p className="text-ink">
                You have entered{' '}
                {contest.entries_per_viewer === 1 ? 'the one photo' : `all ${contest.entries_per_viewer} photos`} this
                contest allows each viewer.
              </p>
            ))}
          {isSent && <Alert tone="success">{CONTEST_MESSAGES.submitted}</Alert>}
          <MyEntries contest={contest} userId={userId} onReplaced={() => setSent(false)} />
          {!isOpen && contest.mine.length === 0 && <p className="text-muted">You did not enter this contest.</p>}
        </>
      )}
    </section>
  );
}
