// Being at the live show: check in once (iamatlive_v1, with how the viewer came), open the watch
// log (userlivelog start), keep it alive with a heartbeat, and close it on leaving, even when the
// tab closes (a keepalive request outlives the page). Answers the live viewer count.
import { useEffect, useState } from 'react';
import { HEARTBEAT_MS } from './live-rules';
import { checkIn, logWatch } from './queries';

/** The number of viewers watching now, once the server has answered; null until then. */
export function useWatchPresence(eventId: number, reachby: string): number | null {
  const [viewers, setViewers] = useState<{ eventId: number; count: number } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const options = { eventId, reachby, signal: controller.signal };
    const show = (presence: { viewers: number }) => {
      if (!controller.signal.aborted) setViewers({ eventId, count: presence.viewers });
    };
    // Presence is a side matter: a refusal (the show just ended, a network blip) never disturbs the video.
    const ignore = () => undefined;
    const start = () => void logWatch('start', options).then(show, ignore);
    const stop = () => void logWatch('stop', { eventId, reachby, keepalive: true }).catch(ignore);

    void checkIn(options).catch(ignore);
    start();
    const timer = window.setInterval(() => void logWatch('heartbeat', options).then(show, ignore), HEARTBEAT_MS);
    // pagehide fires when the tab closes or the page goes into the back/forward cache; pageshow
    // with persisted brings it back from there.
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };
    window.addEventListener('pagehide', stop);
    window.addEventListener('pageshow', handlePageShow);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('pageshow', handlePageShow);
      controller.abort();
      stop();
    };
  }, [eventId, reachby]);

  return viewers?.eventId === eventId ? viewers.count : null;
}
