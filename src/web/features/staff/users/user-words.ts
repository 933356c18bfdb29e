// How the staff user screens put an account in words: its name and its state.
import type { UserSummary } from '../../../../shared/contract/staff-users';

export function nameOf(user: Pick<UserSummary, 'first_name' | 'last_name' | 'nickname'>): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || user.nickname || 'No name given';
}

export function accountWords(user: Pick<UserSummary, 'is_active' | 'deactivated_at' | 'erased_at'>): {
  words: string;
  tone: 'on' | 'off';
} {
  if (user.erased_at) return { words: 'Erased', tone: 'off' };
  if (user.deactivated_at) return { words: 'Switched off', tone: 'off' };
  if (!user.is_active) return { words: 'Waiting for the first code login', tone: 'on' };
  return { words: 'Active', tone: 'on' };
}
