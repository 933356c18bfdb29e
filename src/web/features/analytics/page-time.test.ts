import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageTimer, listenForPageTime } from './page-time';

type Sent = { route: string; seconds: number };

/** A page whose visibility the test sets, on a clock that only fake timers move. */
function fakePage() {
  const page = {
    visibility: 'visible' as DocumentVisibilityState,
    window: new EventTarget(),
    document: new EventTarget(),
  };
  const sent: Sent[] = [];
  const timer = createPageTimer(
    { now: () => Date.now(), isVisible: () => page.visibility === 'visible' },
    (route, seconds) => sent.push({ route, seconds }),
  );
  listenForPageTime(timer, page);
  const setVisibility = (visibility: DocumentVisibilityState) => {
    page.visibility = visibility;
    page.document.dispatchEvent(new Event('visibilitychange'));
  };
  return { page, sent, timer, setVisibility };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('time on page', () => {
  it('sends the visible whole seconds once when the page is hidden', () => {
    const { sent, timer, setVisibility } = fakePage();
    timer.show('/live');
    vi.advanceTimersByTime(12_700);
    setVisibility('hidden');
    expect(sent).toEqual([{ route: '/live', seconds: 12 }]);
    setVisibility('hidden');
    expect(sent).toHaveLength(1);
  });

  it('never counts hidden time, and counts afresh once visible again', () => {
    const { sent, timer, setVisibility } = fakePage();
    timer.show('/home');
    vi.advanceTimersByTime(5_000);
    setVisibility('hidden');
    vi.advanceTimersByTime(60 * 60_000);
    setVisibility('visible');
    vi.advanceTimersByTime(3_000);
    setVisibility('hidden');
    expect(sent).toEqual([
      { route: '/home', seconds: 5 },
      { route: '/home', seconds: 3 },
    ]);
  });

  it('sends nothing for less than a second', () => {
    const { sent, timer, setVisibility } = fakePage();
    timer.show('/home');
    vi.advanceTimersByTime(999);
    setVisibility('hidden');
    timer.show('/faq');
    vi.advanceTimersByTime(400);
    timer.show('/about');
    expect(sent).toEqual([]);
  });

  it('sends the route left on a route change, and starts the next one from zero', () => {
    const { sent, timer, setVisibility } = fakePage();
    timer.show('/home');
    vi.advanceTimersByTime(4_000);
    timer.show('/faq');
    vi.advanceTimersByTime(2_000);
    setVisibility('hidden');
    expect(sent).toEqual([
      { route: '/home', seconds: 4 },
      { route: '/faq', seconds: 2 },
    ]);
  });

  it('does not send twice when pagehide follows the page being hidden, and resumes from the back-forward cache', () => {
    const { page, sent, timer, setVisibility } = fakePage();
    timer.show('/live');
    vi.advanceTimersByTime(8_000);
    setVisibility('hidden');
    page.window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([{ route: '/live', seconds: 8 }]);

    page.visibility = 'visible';
    page.window.dispatchEvent(new Event('pageshow'));
    vi.advanceTimersByTime(2_000);
    page.window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(sent).toEqual([
      { route: '/live', seconds: 8 },
      { route: '/live', seconds: 2 },
    ]);
  });

  it('does not count a route shown while the page is hidden until it becomes visible', () => {
    const { sent, timer, setVisibility } = fakePage();
    setVisibility('hidden');
    timer.show('/home');
    vi.advanceTimersByTime(30_000);
    setVisibility('visible');
    vi.advanceTimersByTime(1_000);
    setVisibility('hidden');
    expect(sent).toEqual([{ route: '/home', seconds: 1 }]);
  });

  it('sends at most a day for one visible stretch', () => {
    const { sent, timer, setVisibility } = fakePage();
    timer.show('/live');
    vi.advanceTimersByTime(2 * 86_400_000);
    setVisibility('hidden');
    expect(sent).toEqual([{ route: '/live', seconds: 86_400 }]);
  });
});
