// Giveaway terms placeholders (spec §3, §9): {{VALUE}} is the prize value (tnc_prices, '$10,000'
// when absent), {{START_DATE}} / {{END_DATE}} (and the spaced {{START DATE}} / {{END DATE}}) are
// the entry window in Los Angeles time. The server fills the terms and sanitises the result
// (decision 053); each value is escaped for where it lands, text or attribute.
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

/** The URL schemes a link in terms may use; anything else (javascript:, data:) loses its href. */
export const TERMS_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

const PLACEHOLDER = /\{\{\s*(VALUE|START[ _]DATE|END[ _]DATE)\s*\}\}/g;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * Attribute escaping: every ASCII character but letters and digits as a character reference, so a
 * value cannot close the attribute (quoted or not) or the tag, and a browser still reads it whole.
 */
function escapeAttribute(text: string): string {
  return text.replace(/[^A-Za-z0-9\u0080-\uffff]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);
}

type Where = 'text' | 'tag' | 'double' | 'single' | 'comment';

/** Where the HTML scanner is after reading `html` from state `where`: in text, a tag, a quoted value or a comment. */
function scan(html: string, where: Where): Where {
  let state = where;
  for (let i = 0; i < html.length; i += 1) {
    const c = html[i];
    if (state === 'text') {
      if (html.startsWith('<!--', i)) {
        state = 'comment';
        i += 3;
      } else if (c === '<' && /[A-Za-z/!?]/.test(html[i + 1] ?? '')) state = 'tag';
    } else if (state === 'tag') {
      if (c === '"') state = 'double';
      else if (c === "'") state = 'single';
      else if (c === '>') state = 'text';
    } else if (state === 'double') {
      if (c === '"') state = 'tag';
    } else if (state === 'single') {
      if (c === "'") state = 'tag';
    } else if (html.startsWith('-->', i)) {
      state = 'text';
      i += 2;
    }
  }
  return state;
}

/** What each placeholder is filled with; the spaced spellings ({{START DATE}}) take the same value. */
export type PlaceholderValues = { VALUE: string; START_DATE: string; END_DATE: string };

/**
 * Puts `values` into a terms text (HTML): a value inside a tag (an attribute such as
 * `href="{{VALUE}}"`) is attribute-escaped, one in text is HTML-escaped. Escaping keeps a value
 * from adding markup, not a link from pointing at `javascript:`: the server sanitises the filled
 * result, whose schemes are TERMS_URL_SCHEMES.
 */
export function fillPlaceholders(tnc: string, values: PlaceholderValues): string {
  const byName: Record<string, string> = values;
  let where: Where = 'text';
  let read = 0;
  return tnc.replace(PLACEHOLDER, (match: string, name: string, offset: number) => {
    where = scan(tnc.slice(read, offset), where);
    read = offset + match.length;
    const value = byName[name.replace(' ', '_')] ?? '';
    return where === 'text' || where === 'comment' ? escapeHtml(value) : escapeAttribute(value);
  });
}

/** Fills every placeholder of a terms text: the prize value and the entry window in Los Angeles time. */
export function fillTerms(
  tnc: string,
  values: { tncPrices: string | null | undefined; startDate: string; endDate: string },
): string {
  return fillPlaceholders(tnc, {
    VALUE: prizeValue(values.tncPrices),
    START_DATE: termsDate(values.startDate),
    END_DATE: termsDate(values.endDate),
  });
}
