// The staff terms editor's preview: unsaved HTML, so it is cleaned in the browser before it is
// shown. DOMParser builds a document that runs nothing; only a small set of text elements is
// kept, every attribute is dropped except an href on links with one of TERMS_URL_SCHEMES. The
// server's sanitiser (terms-sanitizer.ts) still decides what is saved; this only keeps the preview inert.
import { TERMS_URL_SCHEMES } from '../../../../shared/giveaway-terms';

const KEPT = new Set([
  'P',
  'BR',
  'H2',
  'H3',
  'H4',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'A',
  'BLOCKQUOTE',
  'SMALL',
  'SPAN',
]);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
]);

function clean(source: Node, into: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child instanceof Element) {
      const tag = child.tagName.toUpperCase();
      if (DROPPED_WITH_CONTENT.has(tag)) continue;
      if (!KEPT.has(tag)) {
        clean(child, into, doc);
        continue;
      }
      const copy = doc.createElement(tag.toLowerCase());
      const href = tag === 'A' ? (child.getAttribute('href') ?? '') : '';
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim())?.[1]?.toLowerCase();
      if (TERMS_URL_SCHEMES.some((allowed) => allowed === scheme)) {
        copy.setAttribute('href', href.trim());
        copy.setAttribute('rel', 'noopener noreferrer');
        copy.setAttribute('target', '_blank');
      }
      clean(child, copy, doc);
      into.appendChild(copy);
    }
  }
}

/** `html` reduced to inert text markup, for the preview. */
export function previewHtml(html: string): string {
  // Handler attributes are cut from the text first: even an inert parse makes Chromium check them
  // against the page's CSP and log an error. The allowlist below is what keeps the preview safe.
  const withoutHandlers = html.replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  const parsed = new DOMParser().parseFromString(`<body>${withoutHandlers}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const holder = out.createElement('div');
  clean(parsed.body, holder, out);
  return holder.innerHTML;
}
