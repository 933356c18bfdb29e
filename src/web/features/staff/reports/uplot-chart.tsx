// A uPlot chart for the staff reports. uPlot and its stylesheet are imported when the first chart
// mounts, so they load only on the staff pages that draw one (decision 090); the chart is a picture
// for the eye (aria-hidden), and each report says the same in text and a table beside it.
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { Spinner } from '../../../ui/spinner';

type UplotLibrary = typeof uPlot;

let library: Promise<UplotLibrary> | undefined;

function loadUplot(): Promise<UplotLibrary> {
  library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return library;
}

/** The theme's colours (src/web/styles): a canvas cannot read Tailwind classes. */
export const CHART_COLOURS = {
  primary: '#1f5d66',
  primarySoft: 'rgba(31, 93, 102, 0.15)',
  secondary: '#463389',
  ink: '#1b2226',
  muted: '#535e67',
  line: '#d5dbe0',
} as const;

/** Axes in the theme's ink and grid colours. */
export function axis(extra: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: CHART_COLOURS.muted,
    grid: { stroke: CHART_COLOURS.line, width: 1 },
    ticks: { stroke: CHART_COLOURS.line, width: 1 },
    font: '12px Lato, system-ui, sans-serif',
    ...extra,
  };
}

type UplotChartProps = {
  /** The chart's options for a width in CSS pixels; uPlot is passed in once loaded. */
  options: (lib: UplotLibrary, width: number) => uPlot.Options;
  data: uPlot.AlignedData;
  testId?: string;
};

export function UplotChart({ options, data, testId }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [isReady, setIsReady] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let isGone = false;
    loadUplot()
      .then((lib) => {
        if (isGone) return;
        const width = Math.max(element.clientWidth, 240);
        chart = new lib(options(lib, width), data, element);
        setIsReady(true);
        observer = new ResizeObserver(() => {
          const next = Math.max(element.clientWidth, 240);
          if (chart && next !== chart.width) chart.setSize({ width: next, height: chart.height });
        });
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      isGone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [options, data]);

  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      data-ready={isReady}
      className="relative w-full"
      style={{ minHeight: 224 }}
    >
      <div ref={box} className="w-full" />
      {!isReady && !failed && (
        <div className="absolute inset-0 grid place-items-center">
          <Spinner className="size-6 text-primary" label="Drawing the chart" />
        </div>
      )}
      {failed && (
        <p className="text-sm text-muted">The chart could not be drawn; the table below has the same numbers.</p>
      )}
    </div>
  );
}
