import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { EARLY_ANSWERS_ELEMENT } from '../../shared/first-screen';
import { describeEachEngine } from '../testing/harness';
import { webPage, type Renderer } from './web-page';

// A built app in miniature: the page with its stylesheet, and a manifest in which the entry imports
// the app on demand, and the app needs the React chunk.
const webDir = mkdtempSync(path.join(os.tmpdir(), 'gemcast-web-page-'));
mkdirSync(path.join(webDir, '.vite'));
mkdirSync(path.join(webDir, 'assets'));
const STYLES = 'body{color:#1b2226}';
writeFileSync(path.join(webDir, 'assets', 'index-1.css'), STYLES);
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Gemcast</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', dynamicImports: ['_start-app-1.js'], css: ['assets/index-1.css'] },
    '_start-app-1.js': { file: 'assets/start-app-1.js', imports: ['_react-1.js', 'index.html'] },
    '_react-1.js': { file: 'assets/react-1.js' },
  }),
);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

type Answer = { status: number; data: { title?: string; brand?: string }[] };

function earlyAnswers(html: string): Record<string, Answer> {
  const match = EARLY_ANSWERS_ELEMENT.exec(html);
  if (!match?.[1]) throw new Error('the page carries no answers');
  return JSON.parse(match[1]) as Record<string, Answer>;
}

describeEachEngine(
  'the app page',
  (t) => {
    it('carries the home lists and the site configuration for /home', async () => {
      await t().createEvent({ title: 'Emerald Evening' });
      const res = await t().app.inject({ method: 'GET', url: '/home?refid=friend' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const answers = earlyAnswers(res.body);
      expect(Object.keys(answers).sort()).toEqual([
        '/api/eventlist_v1?limit=1&on=live&type=show',
        '/api/eventlist_v1?limit=3&on=live&type=giveaway',
        '/api/eventlist_v1?limit=3&on=past&type=show',
        '/api/eventlist_v1?limit=3&on=upcoming&type=specialshow',
        '/api/eventlist_v1?limit=6&on=upcoming&type=show',
        '/api/siteconfig',
      ]);
      expect(answers['/api/eventlist_v1?limit=6&on=upcoming&type=show']?.data.map((event) => event.title)).toEqual([
        'Emerald Evening',
      ]);
      expect(answers['/api/siteconfig']?.data[0]?.brand).toBe('Gemcast');
    });

    it('carries only the site configuration on other pages, unknown paths and /, and links the app code', async () => {
      for (const url of ['/faq', '/no/such/page', '/']) {
        const res = await t().app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(Object.keys(earlyAnswers(res.body)), url).toEqual(['/api/siteconfig']);
        // The app's chunks, once each, beside the entry; the stylesheet stays a link.
        expect(res.body.match(/<link rel="modulepreload"[^>]*>/g), url).toEqual([
          '<link rel="modulepreload" crossorigin href="/assets/start-app-1.js">',
          '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
        ]);
        expect(res.body, url).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
        expect(res.body, url).not.toContain('fetchpriority');
      }
    });

    it('paints a server-rendered screen before the app: styles inline, the entry at low priority, no code links', async () => {
      for (const url of ['/home', '/live']) {
        const res = await t().app.inject({ method: 'GET', url });
        expect(res.body, url).toContain(`<style>${STYLES}</style>`);
        expect(res.body, url).not.toContain('rel="stylesheet"');
        expect(res.body, url).not.toContain('modulepreload');
        expect(res.body, url).toContain(
          '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
        );
      }
    });

    it('keeps a title that contains markup inside its script element', async () => {
      await t().createEvent({ title: 'Pearls</script><script>alert(1)</script>' });
      const res = await t().app.inject({ method: 'GET', url: '/home' });
      expect(res.body).not.toContain('<script>alert(1)');
      expect(earlyAnswers(res.body)['/api/eventlist_v1?limit=6&on=upcoming&type=show']?.data[0]?.title).toBe(
        'Pearls</script><script>alert(1)</script>',
      );
    });

    it("puts titles with every replace() pattern ($&, $', $`, $$, $1, $<name>) in the page verbatim", async () => {
      const titles = [
        'Gems $& more',
        "Rings $' after",
        'Pearls $` before',
        'Deals $$ 2',
        'Lot $1 and $0',
        'Set $<name>',
      ];
      for (const [i, title] of titles.entries())
        await t().createEvent({
          title,
          cust_start: new Date(t().clock.now().getTime() + (i + 1) * 3_600_000).toISOString(),
        });
      const res = await t().app.inject({ method: 'GET', url: '/home' });
      expect(res.statusCode).toBe(200);
      const upcoming = earlyAnswers(res.body)['/api/eventlist_v1?limit=6&on=upcoming&type=show'];
      expect(upcoming?.data.map((event) => event.title)).toEqual(titles);
      // One app script, one answers element, one head: nothing of the page was copied in.
      expect(res.body.match(/<script type="module"/g)).toHaveLength(1);
      expect(res.body.match(/<script type="application\/json"/g)).toHaveLength(1);
      expect(res.body.match(/<\/head>/g)).toHaveLength(1);
      // One root, marked as holding the server's screen until the app takes it over.
      expect(res.body.match(/<div id="root"/g)).toHaveLength(1);
      expect(res.body).toContain('<div id="root" data-first-screen>');
      expect(res.body.endsWith('</div></body></html>')).toBe(true);
      // The server's first screen shows them as written too (HTML-escaped, never expanded).
      for (const shown of [
        'Gems $&amp; more',
        'Rings $&#x27; after',
        'Pearls $` before',
        'Deals $$ 2',
        'Lot $1 and $0',
      ])
        expect(res.body).toContain(shown);
    });

    it('renders the first screen of /home as a visitor sees it: the shell and the lists', async () => {
      await t().createEvent({ title: 'Emerald Evening' });
      const res = await t().app.inject({ method: 'GET', url: '/home' });
      const screen = res.body.slice(res.body.indexOf('<div id="root"'));
      expect(screen).toContain('<header');
      expect(screen).toContain('Upcoming shows');
      expect(screen).toContain('Emerald Evening');
      expect(screen).toContain('<footer');
      // The way in is marked, for the CSS that hides it from a signed-in viewer.
      expect(screen).toMatch(/<a [^>]*data-visitor-only=""[^>]*href="\/login"/);
    });

    it('renders the live page opening on its search for the show, and leaves other pages to the app', async () => {
      const live = await t().app.inject({ method: 'GET', url: '/live' });
      expect(live.body).toContain('<header');
      expect(live.body).toContain('Looking for the live show');
      for (const url of ['/faq', '/login', '/no/such/page']) {
        const res = await t().app.inject({ method: 'GET', url });
        expect(res.body, url).toContain('<div id="root"></div>');
      }
    });

    it('marks a signed-in viewer’s page first thing in the head, with a script its CSP allows by hash', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/home' });
      const mark = /<head><script>(.*?)<\/script>/.exec(res.body)?.[1];
      expect(mark).toContain('localStorage');
      const hash = `'sha256-${createHash('sha256')
        .update(mark ?? '')
        .digest('base64')}'`;
      expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${hash}`);
    });

    it('is compressed for browsers that accept it', async () => {
      const plain = await t().app.inject({ method: 'GET', url: '/home' });
      const res = await t().app.inject({
        method: 'GET',
        url: '/home',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    });

    it('leaves API paths to the API, and keeps the build manifest to the server', async () => {
      const api = await t().app.inject({ method: 'GET', url: '/api/no_such_call' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ status: 0, statusCode: 404 });
      const manifest = await t().app.inject({ method: 'GET', url: '/.vite/manifest.json' });
      expect(manifest.body).not.toContain('home-page.tsx');
      const post = await t().app.inject({ method: 'POST', url: '/home' });
      expect(post.statusCode).toBe(404);
    });
  },
  { webDir },
);

it('closes only once the first screen’s renderer has loaded, so no load outlives the server', async () => {
  let finishLoad: (renderer: Renderer) => void = () => undefined;
  const load = new Promise<Renderer>((resolve) => (finishLoad = resolve));
  const app = Fastify();
  webPage(app, webDir, () => load);
  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(closed).toBe(false);
  finishLoad(await import('../../web/first-screen-markup'));
  await closing;
  expect(closed).toBe(true);
});
