// Spin to win (issue 6): an SVG wheel of the event's prizes. The server picks the prize (CSPRNG,
// weighted by the staff's prize table); the wheel only animates to where the server's answer
// lands, with requestAnimationFrame, or jumps straight there for people who prefer reduced
// motion. The prize is announced in a polite live region once the wheel stops, once, in full;
// the labels on the wheel may be shortened (wheel-geometry.ts), the legend below names each prize. A viewer spins
// once per event and kind; coming back shows the earlier result.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SpinKind, SpinResult, WheelSegment } from '../../../shared/contract/spin';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CdnImage } from '../../ui/cdn-image';
import { cx } from '../../ui/cx';
import { spinCheckQuery, useSpinMutation } from './queries';
import { labelPlacement, restingAngle, spinResultText, wheelLabel, WHEEL_RADIUS } from './wheel-geometry';

const COLOURS = ['#7c3aed', '#db2777', '#0f766e', '#b45309', '#1d4ed8', '#be123c'];
const SPIN_MS = 4200;
const TURNS = 6;

function polar(angle: number, radius: number): [number, number] {
  const rad = ((angle - 90) * Math.PI) / 180;
  return [100 + radius * Math.cos(rad), 100 + radius * Math.sin(rad)];
}

function Wheel({ segments, angle }: { segments: WheelSegment[]; angle: number }) {
  const slice = 360 / segments.length;
  return (
    <svg
      viewBox="0 0 200 212"
      className="mx-auto w-full max-w-xs"
      role="img"
      aria-label={`Prize wheel with ${segments.length} prizes: ${segments.map((s) => s.label).join(', ')}`}
    >
      <g data-angle={angle} style={{ transform: `rotate(${angle}deg)`, transformOrigin: '100px 100px' }}>
        {segments.map((segment, i) => {
          const [x1, y1] = polar(i * slice, WHEEL_RADIUS);
          const [x2, y2] = polar((i + 1) * slice, WHEEL_RADIUS);
          const large = slice > 180 ? 1 : 0;
          const label = wheelLabel(segment.label, segments.length);
          const place = labelPlacement(i, segments.length, angle);
          return (
            <g key={segment.id}>
              <path
                d={`M100 100 L${x1} ${y1} A${WHEEL_RADIUS} ${WHEEL_RADIUS} 0 ${large} 1 ${x2} ${y2} Z`}
                fill={COLOURS[i % COLOURS.length]}
                stroke="white"
                strokeWidth="2"
              />
              <text
                x={place.x}
                y={place.y}
                fill="white"
                fontSize={label.fontSize}
                fontWeight="800"
                textAnchor={place.anchor}
                dominantBaseline="central"
                data-testid="wheel-label"
                transform={`rotate(${place.rotate} ${place.x} ${place.y})`}
              >
                {label.text}
              </text>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="14" fill="white" stroke="#1f2937" strokeWidth="3" />
      </g>
      {/* The pointer, fixed at the top. */}
      <path d="M100 16 L90 0 L110 0 Z" fill="#1f2937" />
    </svg>
  );
}

/** Every prize in full, with its colour on the wheel and its picture when it has one. */
function Legend({ segments, won }: { segments: WheelSegment[]; won: number | null }) {
  return (
    <ul aria-label="The prizes on the wheel" className="grid gap-2 sm:grid-cols-2">
      {segments.map((segment, i) => (
        <li
          key={segment.id}
          className={cx(
            'flex min-w-0 items-center gap-3 rounded-lg p-1.5 text-sm font-bold text-ink',
            won === i && 'bg-success-soft ring-2 ring-success',
          )}
        >
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: COLOURS[i % COLOURS.length] }}
          />
          {segment.image && (
            <CdnImage
              src={segment.image}
              alt=""
              sizes="40px"
              loading="lazy"
              className="size-10 shrink-0 rounded-md object-cover"
            />
          )}
          <span className="min-w-0 break-words">{segment.label}</span>
        </li>
      ))}
    </ul>
  );
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function useWheelAngle() {
  const [angle, setAngle] = useState(0);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function spinTo(target: number, onDone: () => void) {
    if (prefersReducedMotion()) {
      setAngle(target);
      onDone();
      return;
    }
    const end = TURNS * 360 + target;
    const started = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / SPIN_MS);
      // Ease out: fast at first, settling gently on the prize.
      setAngle(end * (1 - (1 - t) ** 4));
      if (t < 1) frame.current = requestAnimationFrame(step);
      else onDone();
    };
    frame.current = requestAnimationFrame(step);
  }
  return { angle, setAngle, spinTo };
}

type SpinWheelProps = { kind: SpinKind; eventId: number; userId: number; title?: string };

export function SpinWheel({ kind, eventId, userId, title = 'Spin to win' }: SpinWheelProps) {
  const check = useQuery(spinCheckQuery(userId, kind, eventId));
  const spin = useSpinMutation(kind, eventId);
  const { angle, setAngle, spinTo } = useWheelAngle();
  const [landed, setLanded] = useState<SpinResult | null>(null);
  const shownEarlier = useRef(false);

  const earlier = check.data?.result ?? null;
  useEffect(() => {
    if (earlier && !shownEarlier.current && earlier.segment !== null) {
      shownEarlier.current = true;
      setAngle(restingAngle(earlier.segment, earlier.segments.length));
    }
  }, [earlier, setAngle]);

  if (!check.data) return null;
  const { can_spin: canSpin } = check.data;
  if (!canSpin && !earlier && !landed) return null;
  const result = landed ?? earlier;
  const segments = spin.data?.segments ?? result?.segments ?? check.data.segments;
  const isSpinning = spin.isPending || (spin.isSuccess && !landed);
  const wonImage = result?.segment != null ? (result.segments[result.segment]?.image ?? '') : '';

  function handleSpin() {
    spin.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.segment === null) setLanded(answer);
        else spinTo(restingAngle(answer.segment, answer.segments.length), () => setLanded(answer));
      },
    });
  }

  return (
    <section
      aria-labelledby={`spin-${kind}-${eventId}`}
      className="flex w-full flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-line"
    >
      <h2 id={`spin-${kind}-${eventId}`} className="text-lg font-black text-ink">
        {title}
      </h2>
      {segments.length > 0 && <Wheel segments={segments} angle={angle} />}
      {segments.length > 0 && <Legend segments={segments} won={landed || earlier ? (result?.segment ?? null) : null} />}
      {!result && (
        <Button onClick={handleSpin} isBusy={isSpinning} className="self-center">
          Spin the wheel
        </Button>
      )}
      <p
        role="status"
        aria-live="polite"
        data-testid="spin-prize"
        className="text-center text-lg font-black text-success"
      >
        {result ? spinResultText(result.label, result.points) : ''}
      </p>
      {result && wonImage && (
        <CdnImage src={wonImage} alt="" sizes="96px" className="mx-auto size-24 rounded-lg object-cover" />
      )}
      {spin.isError && <Alert tone="error">{errorMessage(spin.error)}</Alert>}
    </section>
  );
}
