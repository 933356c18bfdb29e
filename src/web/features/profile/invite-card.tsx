// The viewer's own invite code and the register link that carries it, each with a copy button.
import { useId } from 'react';
import { CopyButton } from '../../ui/copy-button';
import { inputStyles } from '../../ui/text-field';

export function shareLinkFor(origin: string, code: string): string {
  return `${origin}/register?refid=${encodeURIComponent(code)}`;
}

export function InviteCard({ code }: { code: string }) {
  const headingId = useId();
  const linkId = useId();
  const shareLink = shareLinkFor(window.location.origin, code);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5">
      <h2 id={headingId} className="text-lg font-black text-ink">
        Invite friends
      </h2>
      <p className="text-muted">Friends who sign up with your code are linked to your account.</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-bold text-muted">Your invite code</p>
          <p className="font-mono text-2xl font-bold tracking-widest text-secondary" data-testid="invite-code">
            {code}
          </p>
        </div>
        <CopyButton text={code} label="Copy code" />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={linkId} className="text-sm font-bold text-muted">
          Share link
        </label>
        <input
          id={linkId}
          readOnly
          value={shareLink}
          className={inputStyles}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={shareLink} label="Copy link" />
      </div>
    </section>
  );
}
