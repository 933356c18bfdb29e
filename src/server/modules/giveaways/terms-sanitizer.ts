// Giveaway terms are HTML written by staff and shown to everyone, so they are cleaned when saved:
// formatting tags only, links only to http(s) and mailto, no scripts, styles, frames or event
// handler attributes. Placeholders such as {{START DATE}} are plain text and pass through. The
// terms call sanitises again after filling them, so no filled-in value can bring a link scheme in.
import sanitizeHtml from 'sanitize-html';
import { TERMS_URL_SCHEMES } from '../../../shared/giveaway-terms';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sup',
    'sub',
    'span',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: [...TERMS_URL_SCHEMES],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function sanitizeTerms(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
