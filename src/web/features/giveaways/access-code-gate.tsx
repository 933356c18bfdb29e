// What a giveaway's page shows when its read answers 404 or 429 (decision 051). A private giveaway
// answers exactly as an unknown id does, so the page cannot tell them apart either: it says the
// giveaway was not found and offers a field for an access code, in words that never say a giveaway
// is there. A code given goes into the address (?code=), which every read of the page then sends.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Button, buttonStyles } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { CODE_PARAM, useAccessCode } from './private-link';

const CODE_SHAPE = /^[A-Za-z0-9-]{4,32}$/;

const GATE_WORDS = {
  missing: 'Enter the access code you were given.',
  shape: 'The access code is 4 to 32 letters, digits or dashes.',
  noMatch: 'That code does not open a giveaway at this link. Check it and try again.',
};

/** A read refused in a way this gate answers: not found, or too many wrong codes. */
export function isGateAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 429);
}

function waitText(error: ApiError): string {
  const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
  return `${error.message} You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function AccessCodeGate({ error }: { error: ApiError }) {
  const code = useAccessCode();
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(code ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const refusal = error.httpStatus === 429 ? waitText(error) : code ? GATE_WORDS.noMatch : undefined;
  const shown = problem ?? refusal;

  // A code that did not open the page is said on the field, which takes the focus so it is read out.
  useEffect(() => {
    if (refusal) field.current?.focus();
  }, [refusal]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const given = value.trim();
    const local = !given ? GATE_WORDS.missing : CODE_SHAPE.test(given) ? null : GATE_WORDS.shape;
    setProblem(local);
    if (local) {
      field.current?.focus();
      return;
    }
    const next = new URLSearchParams(params);
    next.set(CODE_PARAM, given);
    setParams(next);
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Not found</p>
      <h1 className="text-3xl font-black text-ink">We could not find that giveaway</h1>
      <p className="text-lg text-muted">
        The link may be mistyped, or the giveaway was taken down. Some giveaways open only with an access code handed
        out by their hosts: if you were given one, enter it here.
      </p>
      <form onSubmit={submit} noValidate className="flex w-full max-w-sm flex-col gap-3 text-left">
        <TextField
          ref={field}
          label="Access code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={shown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" className="self-start">
          Open with this code
        </Button>
      </form>
      <Link to="/giveaways" className={buttonStyles('outline')}>
        See all giveaways
      </Link>
    </section>
  );
}
