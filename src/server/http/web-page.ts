// The built web app's page (dist/web/index.html), served for every path of the app. It carries
// what the first screen would otherwise ask for after its code starts (decision 034): the answers
// to that screen's public reads, taken from our own routes. The answers are read for every page, as
// the browser would otherwise ask for them itself: they are never older than the page. On /home and
// /live it also holds the first screen, rendered from those answers (decision 097), with its styles
// inline and the app's code asked for after the first paint (decision 101); other pages link the
// app's code so it comes alongside the entry.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_ATTRIBUTE, earlyAnswersElement, firstScreenReads, readKey } from '../../shared/first-screen';
import type * as FirstScreenMarkup from '../../web/first-screen-markup';
import { SIGNED_IN_MARK_SCRIPT } from '../../web/shell/signed-in-mark';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The file names of a chunk and everything it imports, in the order a browser needs them. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen))];
}

function readManifest(webDir: string): Manifest {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Manifest) : {};
  } catch {
    // Built without a manifest: pages simply carry no links to screen code.
    return {};
  }
}

/** A page as sent, compressed at most once each way (a page may be sent again, decision 097). */
class PageBody {
  readonly raw: Buffer;
  #brotli: Promise<Buffer> | undefined;
  #gzip: Promise<Buffer> | undefined;

  constructor(html: string) {
    this.raw = Buffer.from(html);
  }

  brotli(): Promise<Buffer> {
    return (this.#brotli ??= brotli(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }

  gzip(): Promise<Buffer> {
    return (this.#gzip ??= gzipped(this.raw));
  }
}

/** JSON that can sit inside a script element: nothing in it can close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The app's mount point in index.html, which holds the server's first screen (decision 097). */
const ROOT = '<div id="root"></div>';

/** How long a rendered first screen is served again for the same answers: its countdowns show seconds. */
const SCREEN_FRESH_MS = 1000;

/** First in the head, so <html> is marked for a signed-in viewer before anything paints. */
const signedInMark = `<script>${SIGNED_IN_MARK_SCRIPT}</script>`;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;
const SCRIPT_LINKS = /<(script type="module"|link rel="modulepreload")/g;

/**
 * The page for a server-rendered screen (decision 101): its stylesheet inside the page, so nothing
 * holds the first paint back, and the app's code fetched at low priority, as the screen shows
 * without it. A stylesheet that could close its element stays a link.
 */
function withScreenHead(template: string, webDir: string): string {
  return template
    .replace(STYLESHEET_LINK, (link, file: string) => {
      const css = readFileSync(path.join(webDir, file), 'utf8');
      return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    })
    .replace(SCRIPT_LINKS, (opening) => `${opening} fetchpriority="low"`);
}

export type Renderer = typeof FirstScreenMarkup;

// Loaded when the page is set up, not at the top: the renderer brings in React and the screens'
// components, which only a server with a built web app needs (tests that build the app without one skip it).
const loadRenderer = (): Promise<Renderer> => import('../../web/first-screen-markup');

export function webPage(app: FastifyInstance, webDir: string, load: () => Promise<Renderer> = loadRenderer) {
  const renderer = load();
  // Until a page is asked for, a failed load has no request to answer; the page reports it then.
  const loaded = renderer.then(
    () => undefined,
    () => undefined,
  );
  // A server closed soon after it started leaves no load running behind it: a test runner that moves
  // on to its next file fails the imports still under way, and keeps that failure for the module.
  app.addHook('onClose', () => loaded);
  const template = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const screenTemplate = withScreenHead(template, webDir);
  const manifest = readManifest(webDir);
  const entryFiles = new Set(chunkFiles(manifest, 'index.html'));

  /**
   * Links to the app's code (what the entry imports on demand, main.tsx), for pages without the
   * server's screen: their first paint is the app's, which asks for that code at once. A page with
   * the server's screen links none: its code comes after the first paint (decision 101).
   */
  const appCodeLinks = (manifest['index.html']?.dynamicImports ?? [])
    .flatMap((module) => chunkFiles(manifest, module))
    .filter((file) => !entryFiles.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');

  /**
   * Each read answered by its own route, as an anonymous visitor; a read that fails is left out, and
   * so are all of them while the server closes (Fastify refuses inject then): the app asks itself.
   */
  async function answers(pathname: string): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      firstScreenReads(pathname).map(async ({ path: readPath, query }) => {
        const response = await app.inject({ method: 'GET', url: readPath, query }).catch(() => null);
        return response?.statusCode === 200 ? [[readKey(readPath, query), response.json<unknown>()] as const] : [];
      }),
    );
    return Object.fromEntries(entries.flat());
  }

  /** The last page of each path with a server-rendered screen, with its answers and its compressed forms. */
  const rendered = new Map<string, { json: string; renderedAt: number; body: PageBody }>();

  function build(json: string, screen: string): PageBody {
    // Replacer functions, not strings: a string's `$&`, `$'` or `` $` `` (in an event title, say) would
    // be expanded by replace() into pieces of the page.
    return new PageBody(
      (screen ? screenTemplate : template)
        .replace('<head>', () => `<head>${signedInMark}`)
        .replace('</head>', () => `${screen ? '' : appCodeLinks}${earlyAnswersElement(json)}</head>`)
        .replace(ROOT, () => (screen ? `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${screen}</div>` : ROOT)),
    );
  }

  /**
   * The page for `pathname`. A page with the server's first screen (decision 097) is built, and
   * compressed, again only when its answers change or its countdowns are a second old: rendering
   * and compressing it cost more than reading the answers.
   */
  async function page(pathname: string): Promise<PageBody> {
    const read = await answers(pathname);
    const json = scriptSafeJson(read);
    const now = Date.now();
    const cached = rendered.get(pathname);
    if (cached && cached.json === json && now - cached.renderedAt < SCREEN_FRESH_MS) return cached.body;
    const { renderFirstScreen } = await renderer;
    const screen = renderFirstScreen(pathname, read);
    const body = build(json, screen ?? '');
    // Only the few rendered paths are kept, whatever paths are asked for.
    if (screen !== null) rendered.set(pathname, { json, renderedAt: now, body });
    return body;
  }

  return async function send(request: FastifyRequest, reply: FastifyReply) {
    const body = await page(request.url.split('?')[0] ?? '/');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(await body.brotli());
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await body.gzip());
    return reply.send(body.raw);
  };
}
