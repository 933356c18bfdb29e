// The live counters (fresh from the stream every two seconds): viewers now and at peak, check-ins,
// RSVPs, entries, spins and messages per minute, with the viewers-over-time chart. A new peak past a
// round number is read out politely; the ticks themselves are not.
import { useEffect, useRef, useState } from 'react';
import { useConsole } from './console-context';
import { Panel, Stat } from './console-ui';
import { peakMilestone } from './counter-news';
import { ViewersChart } from './viewers-chart';

const number = new Intl.NumberFormat('en-US');

export function CountersPanel() {
  const { snapshot } = useConsole();
  const { counters } = snapshot;
  const [news, setNews] = useState('');
  const lastPeak = useRef(counters.viewers_peak);
  useEffect(() => {
    const milestone = peakMilestone(lastPeak.current, counters.viewers_peak);
    lastPeak.current = counters.viewers_peak;
    if (milestone !== null) setNews(`New viewer peak: over ${number.format(milestone)}.`);
  }, [counters.viewers_peak]);

  return (
    <Panel title="Live counters">
      <dl className="grid grid-cols-3 gap-2" data-testid="counters">
        <Stat label="Viewers now" value={number.format(counters.viewers_now)} />
        <Stat label="Peak viewers" value={number.format(counters.viewers_peak)} />
        <Stat label="Check-ins" value={number.format(counters.checkins)} />
        <Stat label="RSVPs" value={number.format(counters.rsvps)} />
        <Stat label="Entries" value={number.format(counters.entries)} />
        <Stat label="Spins" value={number.format(counters.spins)} />
        <Stat label="Messages a minute" value={number.format(counters.messages_per_minute)} />
      </dl>
      <p className="sr-only" aria-live="polite">
        {news}
      </p>
      <ViewersChart timeline={snapshot.timeline} live={{ at: counters.at, viewers: counters.viewers_now }} />
    </Panel>
  );
}
