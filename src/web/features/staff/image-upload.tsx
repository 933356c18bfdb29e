// Staff pages only: choosing an image for a show, giveaway, prize or spin prize. The file goes up
// to the staff media call (re-encoded at three widths, decision 047); the stored path it answers is
// handed to the form, which saves it with the record. A preview shows what viewers will see.
import { useId, useState, type ChangeEvent } from 'react';
import { staffMediaCalls } from '../../../shared/contract/staff-media';
import { apiUpload, errorMessage, recordOf } from '../../api/client';
import { Button } from '../../ui/button';
import { CdnImage } from '../../ui/cdn-image';
import { cx } from '../../ui/cx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

type ImageUploadProps = {
  /** Names the control: 'Show image', 'Prize image', 'Image for Free shipping'. */
  label: string;
  /** The saved image: a /media/ path or an https:// address; '' for none. */
  value: string;
  onChange: (image: string) => void;
  className?: string;
  /** Smaller, for a row of the prize table. */
  compact?: boolean;
};

export function ImageUpload({ label, value, onChange, className, compact = false }: ImageUploadProps) {
  const inputId = useId();
  const statusId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem('');
    setProgress(0);
    try {
      const form = new FormData();
      form.append('image', file);
      const uploaded = recordOf(await apiUpload(staffMediaCalls.upload, form, { onProgress: setProgress }));
      onChange(uploaded.image);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <CdnImage
        src={value}
        alt={value ? `${label}: preview` : ''}
        sizes={compact ? '48px' : '128px'}
        className={cx('shrink-0 rounded-lg object-cover ring-1 ring-line', compact ? 'size-12' : 'aspect-video w-32')}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {/* The file input is the control itself, visually hidden behind its label styled as a button. */}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="peer sr-only"
            disabled={busy}
            aria-describedby={statusId}
            onChange={(event) => void handleFile(event)}
          />
          <label
            htmlFor={inputId}
            className={cx(
              'inline-flex min-h-11 cursor-pointer items-center rounded-lg border-2 border-primary px-3 text-sm font-bold text-primary hover:bg-primary-soft peer-focus-visible:ring-2 peer-focus-visible:ring-primary peer-focus-visible:ring-offset-2',
              busy && 'cursor-wait opacity-60',
            )}
          >
            {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          </label>
          {value && !busy && (
            <Button variant="ghost" size="sm" onClick={() => onChange('')}>
              Remove
            </Button>
          )}
        </div>
        <p id={statusId} aria-live="polite" className={cx('text-sm', problem ? 'font-bold text-danger' : 'text-muted')}>
          {busy
            ? `Uploading… ${Math.round((progress ?? 0) * 100)}%`
            : problem || (compact ? '' : 'JPEG, PNG, WebP, GIF or AVIF up to 8 MB. Saved with the form.')}
        </p>
      </div>
    </div>
  );
}
