// Every e-mail we send is built here from one description: the HTML part in Gemcast's colours and
// its plain-text alternative, so the two always say the same thing (decision 067). The HTML is
// what mail programs render well: tables for the frame, inline styles, one column at most 600 px
// wide that narrows to 320 px, no remote images or fonts, and dark-mode colours for the programs
// that honour prefers-color-scheme. Every value that comes from a person or the database is escaped.

/** The site's colours (src/web/styles/app.css) and their dark-mode partners. */
export const EMAIL_COLOURS = {
  primary: '#1f5d66',
  secondary: '#463389',
  ink: '#1b2226',
  muted: '#535e67',
  line: '#d5dbe0',
  canvas: '#f8f6f3',
  card: '#ffffff',
  codeSurface: '#e5eff0',
  dark: {
    canvas: '#111719',
    card: '#1b2226',
    line: '#3a464f',
    ink: '#eef2f4',
    muted: '#b9c3ca',
    accent: '#8fd3db',
    onAccent: '#0d2a2e',
    codeSurface: '#26363c',
    gem: '#b3a3ee',
  },
} as const;

/** A piece of a paragraph: words, or a link (a tel: link reads as its label in the text part). */
export type Segment = string | { href: string; label: string };

export type Block =
  | { kind: 'paragraph'; segments: Segment[] }
  /** A one-time code: large and spaced in HTML, indented on its own line in text. */
  | { kind: 'code'; code: string; label: string }
  /** The one action of the message: a button in HTML, "label: url" in text. */
  | { kind: 'button'; label: string; href: string };

export type EmailContent = {
  brand: string;
  /** The site's address, for the footer link; empty leaves the link out. */
  publicUrl: string;
  subject: string;
  /** The line mail programs show beside the subject in the inbox. */
  preview: string;
  heading: string;
  greeting: string;
  blocks: Block[];
  signOff: string[];
  /** Why this person got this message, said in the footer of both parts. */
  reason: string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Only web, mail and phone links are written; anything else (javascript:, data:) becomes plain text. */
function safeHref(href: string): string | null {
  return /^(https?:|mailto:|tel:)/i.test(href) ? href : null;
}

export const paragraph = (...segments: Segment[]): Block => ({ kind: 'paragraph', segments });
export const button = (label: string, href: string): Block => ({ kind: 'button', label, href });
export const codeBlock = (code: string, label: string): Block => ({ kind: 'code', code, label });

function segmentText(segment: Segment): string {
  if (typeof segment === 'string') return segment;
  if (segment.href.startsWith('tel:') || segment.label === segment.href) return segment.label;
  return `${segment.label} (${segment.href})`;
}

function blockText(block: Block): string {
  if (block.kind === 'paragraph') return block.segments.map(segmentText).join('');
  if (block.kind === 'code') return `    ${block.code}`;
  return `${block.label}: ${block.href}`;
}

function footerText(content: EmailContent): string {
  const site = content.publicUrl ? ` ${content.publicUrl}` : '';
  return `${content.brand} is a live online jewelry shopping network.${site}\n${content.reason}`;
}

/** The plain-text part: readable on its own, the same words as the HTML. */
export function renderText(content: EmailContent): string {
  return [
    content.greeting,
    '',
    content.blocks.map(blockText).join('\n\n'),
    '',
    ...content.signOff,
    '',
    '--',
    footerText(content),
  ].join('\n');
}

const FONT = "'Lato', 'Segoe UI', Helvetica, Arial, sans-serif";
const C = EMAIL_COLOURS;

function linkHtml(segment: Exclude<Segment, string>): string {
  const href = safeHref(segment.href);
  if (!href) return escapeHtml(segment.label);
  return `<a class="gc-link" href="${escapeHtml(href)}" style="color:${C.primary};font-weight:700;text-decoration:underline;">${escapeHtml(segment.label)}</a>`;
}

function blockHtml(block: Block): string {
  if (block.kind === 'paragraph') {
    const inner = block.segments.map((s) => (typeof s === 'string' ? escapeHtml(s) : linkHtml(s))).join('');
    return `<p class="gc-text" style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${C.ink};overflow-wrap:anywhere;word-break:break-word;">${inner}</p>`;
  }
  if (block.kind === 'code') {
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;border-collapse:separate;">
<tr><td class="gc-code" style="background-color:${C.codeSurface};border-radius:8px;padding:12px 20px;font-family:'Courier New', Courier, monospace;font-size:30px;line-height:1.2;font-weight:700;letter-spacing:6px;color:${C.ink};" aria-label="${escapeHtml(`${block.label} ${block.code.split('').join(' ')}`)}">${escapeHtml(block.code)}</td></tr>
</table>`;
  }
  const href = safeHref(block.href);
  if (!href) return blockHtml(paragraph(block.label));
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:separate;">
<tr><td class="gc-button" style="background-color:${C.primary};border-radius:8px;">
<a class="gc-button-link" href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;line-height:1.4;font-weight:700;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(block.label)}</a>
</td></tr>
</table>`;
}

const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; }
a { color: ${C.primary}; }
@media (prefers-color-scheme: dark) {
  body, .gc-canvas { background-color: ${C.dark.canvas} !important; }
  .gc-card { background-color: ${C.dark.card} !important; border-color: ${C.dark.line} !important; border-top-color: ${C.dark.accent} !important; }
  .gc-gem { color: ${C.dark.gem} !important; }
  .gc-text, .gc-heading { color: ${C.dark.ink} !important; }
  .gc-muted { color: ${C.dark.muted} !important; }
  .gc-link, .gc-wordmark { color: ${C.dark.accent} !important; }
  .gc-code { background-color: ${C.dark.codeSurface} !important; color: ${C.dark.ink} !important; }
  .gc-button { background-color: ${C.dark.accent} !important; }
  .gc-button-link { color: ${C.dark.onAccent} !important; }
  .gc-rule { border-color: ${C.dark.line} !important; }
}
@media only screen and (max-width: 480px) {
  .gc-outer { padding: 12px 8px !important; }
  .gc-pad { padding: 24px 16px !important; }
  .gc-heading { font-size: 22px !important; }
}`;

/** The HTML part: one branded layout for every kind of message. */
export function renderHtml(content: EmailContent): string {
  const footerSite = content.publicUrl
    ? ` <a class="gc-link" href="${escapeHtml(content.publicUrl)}" style="color:${C.primary};font-weight:700;text-decoration:underline;">${escapeHtml(content.publicUrl.replace(/^https?:\/\//, ''))}</a>`
    : '';
  const signOff = content.signOff.map(escapeHtml).join('<br>');
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(content.subject)}</title>
<style>${STYLE}
</style>
</head>
<body class="gc-canvas" style="margin:0;padding:0;background-color:${C.canvas};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;" aria-hidden="true">${escapeHtml(content.preview)}</div>
<table role="presentation" class="gc-canvas" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background-color:${C.canvas};">
<tr><td class="gc-outer" align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td style="padding:0 4px 16px;font-family:${FONT};">
<span class="gc-wordmark" style="font-size:26px;line-height:1.2;font-weight:900;letter-spacing:-0.5px;color:${C.primary};"><span class="gc-gem" aria-hidden="true" style="color:${C.secondary};">&#9670;</span> ${escapeHtml(content.brand)}</span>
</td></tr>
<tr><td class="gc-card gc-pad" style="background-color:${C.card};border:1px solid ${C.line};border-top:4px solid ${C.primary};border-radius:12px;padding:32px;">
<h1 class="gc-heading" style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:1.3;font-weight:900;color:${C.ink};overflow-wrap:anywhere;">${escapeHtml(content.heading)}</h1>
<p class="gc-text" style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${C.ink};overflow-wrap:anywhere;">${escapeHtml(content.greeting)}</p>
${content.blocks.map(blockHtml).join('\n')}
<p class="gc-text" style="margin:8px 0 0;font-family:${FONT};font-size:16px;line-height:1.6;color:${C.ink};">${signOff}</p>
</td></tr>
<tr><td class="gc-muted" style="padding:20px 4px 0;font-family:${FONT};font-size:13px;line-height:1.6;color:${C.muted};overflow-wrap:anywhere;">
<p class="gc-muted" style="margin:0 0 8px;color:${C.muted};">${escapeHtml(content.brand)} is a live online jewelry shopping network.${footerSite}</p>
<p class="gc-muted" style="margin:0;color:${C.muted};">${escapeHtml(content.reason)}</p>${UNSUBSCRIBE_MARK}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Where the layout's footer takes an unsubscribe link, when the message has one. */
const UNSUBSCRIBE_MARK = '<!--gc-unsubscribe-->';
const UNSUBSCRIBE_WORDS = 'Unsubscribe, or choose which e-mails you get';

/**
 * Puts an unsubscribe link in a rendered message's footer (decision 068): in the HTML where the
 * layout marks it and as the text part's last line. The same link is in its List-Unsubscribe header.
 */
export function withUnsubscribeLink<M extends { text: string; html?: string }>(mail: M, link: string): M {
  const anchor = `<p class="gc-muted" style="margin:8px 0 0;color:${C.muted};"><a class="gc-link" href="${escapeHtml(link)}" style="color:${C.primary};font-weight:700;text-decoration:underline;">${UNSUBSCRIBE_WORDS}</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\n${UNSUBSCRIBE_WORDS}: ${link}`,
    ...(mail.html === undefined ? {} : { html: mail.html.replace(UNSUBSCRIBE_MARK, anchor) }),
  };
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
