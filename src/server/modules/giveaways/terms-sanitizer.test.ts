// Terms filled, then sanitised (decision 053): whatever a placeholder's value is and wherever staff
// put the placeholder, the page gets no link outside TERMS_URL_SCHEMES, no script and no handler.
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, TERMS_URL_SCHEMES, type PlaceholderValues } from '../../../shared/giveaway-terms';
import { sanitizeTerms } from './terms-sanitizer';
import sanitizeHtml from 'sanitize-html';

const dates = {
  VALUE: '$2,500',
  START_DATE: 'June 15, 2026 at 11:00 AM PDT',
  END_DATE: 'June 16, 2026 at 11:00 AM PDT',
};

/** Every spelling of every placeholder, with the value it takes. */
const PLACEHOLDERS: [string, keyof PlaceholderValues][] = [
  ['{{VALUE}}', 'VALUE'],
  ['{{ VALUE }}', 'VALUE'],
  ['{{START_DATE}}', 'START_DATE'],
  ['{{START DATE}}', 'START_DATE'],
  ['{{END_DATE}}', 'END_DATE'],
  ['{{END DATE}}', 'END_DATE'],
];

const HOSTILE_URLS = [
  'javascript:alert(document.domain)',
  'JavaScript:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&colon;alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
];

const BREAK_OUTS = [
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '" onmouseover="alert(1)',
  "' onmouseover='alert(1)",
  'x onmouseover=alert(1)',
  '"><img src=x onerror=alert(1)>',
  '</a><script>alert(1)</script>',
  '--><script>alert(1)</script>',
];

/** Where staff might put a placeholder: in a link (quoted either way, or not at all), in a title, in text. */
const TEMPLATES = (p: string) => [
  `<p><a href="${p}">the prize</a></p>`,
  `<p><a href='${p}'>the prize</a></p>`,
  `<p><a href=${p}>the prize</a></p>`,
  `<p><a title="${p}" href="https://gemcast.example/rules">the rules</a></p>`,
  `<p>Worth ${p}.</p>`,
  `<p><!-- ${p} -->Worth ${p}.</p>`,
];

type Parsed = { tags: string[]; attributes: string[]; hrefs: string[] };

/**
 * What a browser's parser makes of `html`: its elements, their attribute names and the hrefs with
 * entities decoded. htmlparser2 (inside sanitize-html) tokenises as browsers do; here it only reads.
 */
function parse(html: string): Parsed {
  const parsed: Parsed = { tags: [], attributes: [], hrefs: [] };
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => {
        parsed.tags.push(tagName);
        for (const [name, value] of Object.entries(attribs)) {
          parsed.attributes.push(`${tagName}.${name}`);
          // A browser drops tabs and newlines anywhere in a URL and leading spaces and controls.
          // eslint-disable-next-line no-control-regex
          if (name === 'href') parsed.hrefs.push(value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''));
        }
        return { tagName, attribs };
      },
    },
  });
  return parsed;
}

/** Every link is to one of TERMS_URL_SCHEMES or has no scheme (a relative address does nothing). */
function expectOnlyAllowedSchemes(html: string) {
  for (const href of parse(html).hrefs) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
    if (scheme !== undefined) expect(TERMS_URL_SCHEMES, `href ${JSON.stringify(href)} in ${html}`).toContain(scheme);
  }
}

/** Filled with `value`, the template has exactly the elements and attributes it has filled with a plain word. */
function expectNoBreakOut(html: string, template: string, name: keyof PlaceholderValues) {
  const plain = parse(fillPlaceholders(template, { ...dates, [name]: 'prize' }));
  const filled = parse(html);
  expect([filled.tags, filled.attributes], html).toEqual([plain.tags, plain.attributes]);
}

describe('terms filled, then sanitised', () => {
  for (const [placeholder, name] of PLACEHOLDERS) {
    it(`lets no javascript: or data: link in through ${placeholder} in an attribute`, () => {
      for (const url of HOSTILE_URLS) {
        for (const template of TEMPLATES(placeholder)) {
          expectOnlyAllowedSchemes(sanitizeTerms(fillPlaceholders(template, { ...dates, [name]: url })));
        }
      }
    });

    it(`keeps a value in ${placeholder} from breaking out of its attribute or text`, () => {
      for (const value of BREAK_OUTS) {
        for (const template of TEMPLATES(placeholder)) {
          expectNoBreakOut(fillPlaceholders(template, { ...dates, [name]: value }), template, name);
          const sanitised = sanitizeTerms(fillPlaceholders(template, { ...dates, [name]: value }));
          expect(parse(sanitised).tags.filter((tag) => !['p', 'a'].includes(tag))).toEqual([]);
          expect(parse(sanitised).attributes.filter((attribute) => /\.on/.test(attribute))).toEqual([]);
        }
      }
    });
  }

  it('drops the href of the issue\'s link: <a href="{{VALUE}}"> with javascript: or data: as the value', () => {
    for (const [placeholder, name] of PLACEHOLDERS)
      for (const url of ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>'])
        expect(sanitizeTerms(fillPlaceholders(`<a href="${placeholder}">x</a>`, { ...dates, [name]: url }))).toBe(
          '<a rel="noopener noreferrer nofollow">x</a>',
        );
  });

  it('keeps a legitimate https or mailto link filled in from the prize value, and staff links', () => {
    const tnc = '<p><a href="{{VALUE}}">the prize</a> and <a href="https://gemcast.example/rules">the rules</a></p>';
    expect(sanitizeTerms(fillPlaceholders(tnc, { ...dates, VALUE: 'https://gemcast.example/prize?a=1&b=2' }))).toBe(
      '<p><a href="https://gemcast.example/prize?a=1&amp;b=2" rel="noopener noreferrer nofollow">the prize</a> and ' +
        '<a href="https://gemcast.example/rules" rel="noopener noreferrer nofollow">the rules</a></p>',
    );
    expect(
      sanitizeTerms(fillPlaceholders('<a href="mailto:{{VALUE}}">us</a>', { ...dates, VALUE: 'win@gemcast.example' })),
    ).toBe('<a href="mailto:win@gemcast.example" rel="noopener noreferrer nofollow">us</a>');
  });

  it('shows the value of a placeholder in text as text', () => {
    expect(sanitizeTerms(fillPlaceholders('<p>Worth {{VALUE}}</p>', { ...dates, VALUE: '<b>$5</b> & "more"' }))).toBe(
      '<p>Worth &lt;b&gt;$5&lt;/b&gt; &amp; "more"</p>',
    );
  });
});
