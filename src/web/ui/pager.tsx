// Previous and next page buttons with "Page N of M" between them, for the staff lists that page
// through a server's answer (registrations, the audit log, accounts). Nothing shows for one page.
import { Button } from './button';

type PagerProps = { page: number; pages: number; onPage: (page: number) => void };

export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <p className="text-sm text-muted">
        Page {page} of {pages}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
