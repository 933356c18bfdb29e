// What a staff page shows while its main query has no answer: a spinner while it loads, the reason
// and a way to ask again when it failed.
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';

type LoadStateProps = {
  error: unknown;
  isPending: boolean;
  onRetry: () => void;
  /** Read out while loading, e.g. 'Loading the report'. */
  loadingLabel: string;
};

export function LoadState({ error, isPending, onRetry, loadingLabel }: LoadStateProps) {
  if (error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{errorMessage(error)}</Alert>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!isPending) return null;
  return (
    <div className="grid place-items-center py-16">
      <Spinner className="size-10 text-primary" label={loadingLabel} />
    </div>
  );
}
