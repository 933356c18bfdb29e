// Spin to win (issue 6): an SVG wheel of the event's prizes. The server picks the prize (CSPRNG,
// weighted by the staff's prize table); the wheel only animates to where the server's answer
// lands, with requestAnimationFrame, or jumps straight there for people who prefer reduced
// motion. The prize is announced in a polite live region once the wheel stops. A viewer spins
// once per event and kind; coming back shows the earlier result.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SpinKind, SpinResult, WheelSegment } from '../../../shared/contract/spin';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { spinCheckQuery, useSpinMutation } from './queries';
import { restingAngle } from './wheel-geometry';

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
          const [x1, y1] = polar(i * slice, 96);
          const [x2, y2] = polar((i + 1) * slice, 96);
          const [tx, ty] = polar((i + 0.5) * slice, 60);
          const large = slice > 180 ? 1 : 0;
          return (
            <g key={segment.id}>
              <path
                d={`M100 100 L${x1} ${y1} A96 96 0 ${large} 1 ${x2} ${y2} Z`}
                fill={COLOURS[i % COLOURS.length]}
                stroke="white"
                strokeWidth="2"
              />
              <text
                x={tx}
                y={ty}
                fill="white"
                fontSize={segments.length > 8 ? 8 : 10}
                fontWeight="800"
                textAnchor="middle"
                dominantBaseline="middle"
                transform={`rotate(${(i + 0.5) * slice} ${tx} ${ty})`}
              >
                {segment.label.length > 14 ? `${segment.label.slice(0, 13)}…` : segment.label}
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

function prizeText(result: SpinResult): string {
  return result.points > 0 ? `You won: ${result.label} (${result.points} reward points).` : `You won: ${result.label}.`;
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
        {result ? prizeText(result) : ''}
      </p>
      {spin.isError && <Alert tone="error">{errorMessage(spin.error)}</Alert>}
    </section>
  );
}
