// Giveaway terms placeholders (spec §3, §9): {{VALUE}} is the prize value (tnc_prices, '$10,000'
// when absent), {{START_DATE}} / {{END_DATE}} (and the spaced {{START DATE}} / {{END DATE}}) are
// the entry window in Los Angeles time. The terms are HTML sanitised on save; the values put in
// are escaped, so filling can never add markup.
import { SHOW_TIME_ZONE } from './time';

export const DEFAULT_PRIZE_VALUE = '$10,000';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'June 15, 2026 at 11:00 AM PDT': an instant in Los Angeles time, for terms. */
export function termsDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : dateFormat.format(at);
}

/** The prize value the terms show: tnc_prices, or the spec's default when it is empty. */
export function prizeValue(tncPrices: string | null | undefined): string {
  const value = (tncPrices ?? '').trim();
  return value === '' ? DEFAULT_PRIZE_VALUE : value;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Fills every placeholder of a terms text (HTML) with escaped values. */
export function fillTerms(
  tnc: string,
  values: { tncPrices: string | null | undefined; startDate: string; endDate: string },
): string {
  const replacements: Record<string, string> = {
    VALUE: escapeHtml(prizeValue(values.tncPrices)),
    START_DATE: escapeHtml(termsDate(values.startDate)),
    END_DATE: escapeHtml(termsDate(values.endDate)),
  };
  return tnc.replace(
    /\{\{\s*(VALUE|START[ _]DATE|END[ _]DATE)\s*\}\}/g,
    (_match, name: string) => replacements[name.replace(' ', '_')] ?? '',
  );
}
