// The third-party tags of spec §1 (GA4 through gtag, Microsoft Clarity session replay, the Meta
// pixel), added as script elements at run time. Loaded only after cookie consent and only for
// the ids the site configuration sets; the server's CSP allows a tag's hosts only then too.
import type { SiteConfig } from '../../../shared/contract/site';

function addScript(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

function loadGoogleAnalytics(measurementId: string): void {
  if (window.gtag) return;
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  // gtag.js reads each command as an arguments object, not as an array.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId);
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
}

function loadClarity(projectId: string): void {
  if (window.clarity) return;
  const queue: unknown[] = [];
  window.clarity = Object.assign(
    function clarity() {
      // eslint-disable-next-line prefer-rest-params
      queue.push(arguments);
    },
    { q: queue },
  );
  addScript(`https://www.clarity.ms/tag/${encodeURIComponent(projectId)}`);
}

/** The pixel's stub: queues calls until fbevents.js arrives and sets callMethod on it. */
type PixelStub = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: unknown;
  loaded: boolean;
  version: string;
};

function loadMetaPixel(pixelId: string): void {
  if (window.fbq) return;
  const queue: unknown[] = [];
  const fbq: PixelStub = Object.assign(
    function () {
      // eslint-disable-next-line prefer-rest-params
      if (fbq.callMethod) fbq.callMethod(...Array.from(arguments));
      // eslint-disable-next-line prefer-rest-params
      else queue.push(arguments);
    },
    { queue, push: null, loaded: true, version: '2.0' },
  );
  fbq.push = fbq;
  window.fbq = fbq;
  addScript('https://connect.facebook.net/en_US/fbevents.js');
  fbq('init', pixelId);
  fbq('track', 'PageView');
}

export function loadThirdPartyTags(ids: SiteConfig['analytics']): void {
  if (ids.ga) loadGoogleAnalytics(ids.ga);
  if (ids.replay) loadClarity(ids.replay);
  if (ids.pixel) loadMetaPixel(ids.pixel);
}
