// Puts the server's per-field problems ([{ field, message }] of a 400) under the matching inputs.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldIssue } from '../../shared/contract/envelope';

export function applyFieldIssues<T extends FieldValues>(
  issues: FieldIssue[],
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.field);
    if (field) setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
  }
}
