// The profile picture: choosing an image saves it at once (it is shown while it uploads, with a
// progress bar); the profile form's "Save changes" is for the fields only. The server re-encodes
// it, so the shown picture after upload is the server's copy. The newest outcome is the only one shown.
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { PICTURE_MAX_BYTES } from '../../../shared/contract/profile';
import type { UserRecord } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { usePictureUploadMutation } from './queries';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Whether the browser can read the file as a picture; the server still has the last word. */
async function canDecode(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

export function PictureCard({
  user,
  feedback,
  onUploadStart,
}: {
  user: UserRecord;
  feedback: ReactNode;
  onUploadStart: () => void;
}) {
  const upload = usePictureUploadMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  function showPreview(chosen: File | null) {
    setPreviewUrl(chosen ? URL.createObjectURL(chosen) : null);
    // Choosing the same file again must still fire a change.
    if (inputRef.current) inputRef.current.value = '';
  }

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problemWith =
      chosen &&
      (chosen.size > PICTURE_MAX_BYTES
        ? MESSAGES.pictureTooLarge
        : !(await canDecode(chosen))
          ? MESSAGES.pictureNotImage
          : '');
    setProblem(problemWith || '');
    if (!chosen || problemWith) {
      showPreview(null);
      return;
    }
    showPreview(chosen);
    onUploadStart();
    setProgress(0);
    upload.mutate({ file: chosen, onProgress: setProgress }, { onSettled: () => showPreview(null) });
  }

  const name = user.full_name || user.first_name;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-4 rounded-xl border border-line bg-white p-5 text-center"
    >
      <h2 id={headingId} className="self-start text-lg font-black text-ink">
        Profile picture
      </h2>
      {previewUrl ? (
        <figure className="flex flex-col items-center gap-2">
          <img
            src={previewUrl}
            alt="Preview of your new profile picture"
            className="size-32 rounded-full object-cover ring-4 ring-secondary-soft"
          />
          <figcaption className="text-sm text-muted">Saving this picture…</figcaption>
        </figure>
      ) : (
        <Avatar src={user.profile_picture} name={name} className="size-32 text-4xl ring-4 ring-primary-soft" />
      )}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void handleChange(event)}
      />
      {upload.isPending && (
        <div className="w-full">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-line"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-muted">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Saving your picture…'}
          </p>
        </div>
      )}
      <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={upload.isPending}>
        {user.profile_picture ? 'Change picture' : 'Add a picture'}
      </Button>
      <p className="text-sm text-muted">
        JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. The picture you choose is saved straight away.
      </p>
      {/* Only the newest outcome: a problem with the file just chosen replaces an earlier "saved". */}
      {problem ? <Alert tone="error">{problem}</Alert> : feedback}
    </section>
  );
}
