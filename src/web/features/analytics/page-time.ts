// Time on page (ptvl, decision 077): counts only the seconds a route is visible, and hands each
// visible stretch over once, when the page is hidden, left (pagehide) or the route changes.

/** The contract's PAGE_TIME_MAX_SECONDS, written out: importing the contract would bring zod to the first bundle. */
const MAX_SECONDS = 86_400;

export type PageTimeClock = {
  /** Milliseconds from a monotonic clock (performance.now in the browser). */
  now: () => number;
  isVisible: () => boolean;
};

/** Receives one visible stretch of a route: whole seconds, 1 to a day. */
export type PageTimeReport = (route: string, seconds: number) => void;

export function createPageTimer(clock: PageTimeClock, report: PageTimeReport) {
  let route: string | null = null;
  let visibleSince: number | null = null;

  /** Ends the visible stretch, if any, and reports it when it reached a whole second. */
  function flush(): void {
    if (route === null || visibleSince === null) return;
    const seconds = Math.min(MAX_SECONDS, Math.floor((clock.now() - visibleSince) / 1000));
    visibleSince = null;
    if (seconds >= 1) report(route, seconds);
  }

  /** Starts a fresh visible stretch when the page is visible and not already counting. */
  function resume(): void {
    if (route !== null && visibleSince === null && clock.isVisible()) visibleSince = clock.now();
  }

  return {
    /** A new route is shown: the previous one's stretch is reported, and counting starts afresh. */
    show(nextRoute: string): void {
      flush();
      route = nextRoute;
      resume();
    },
    /** pagehide: the stretch so far is reported; a page restored from the back-forward cache resumes. */
    hide: flush,
    resume,
    /** visibilitychange: hidden reports the stretch, visible starts a new one. */
    visibilityChanged(): void {
      if (clock.isVisible()) resume();
      else flush();
    },
  };
}

export type PageTimer = ReturnType<typeof createPageTimer>;

/** Ties a timer to the page's events; hidden time is never counted and nothing is sent twice. */
export function listenForPageTime(timer: PageTimer, target: { window: EventTarget; document: EventTarget }): void {
  target.document.addEventListener('visibilitychange', timer.visibilityChanged);
  target.window.addEventListener('pagehide', timer.hide);
  target.window.addEventListener('pageshow', timer.resume);
}
