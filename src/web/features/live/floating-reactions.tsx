// The show chat's reactions, floating up over the player for a moment. For viewers who prefer
// reduced motion nothing moves: a still badge in the corner shows the latest reaction and how many
// came, and goes once they stop. Decorative (the chat carries the reactions), so hidden from
// screen readers, and it never takes a click meant for the player.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Reaction } from '../../../shared/contract/chat';
import { ReactionIcon } from '../chat/reaction-icon';
import { FLOAT_MS, MAX_FLOATING, reactionLane } from './live-rules';

export type FloatingReaction = { key: number; reaction: Reaction };

/** The reactions floating now, and how to add one (stable, so the chat can keep it). */
export function useFloatingReactions(): [FloatingReaction[], (reaction: Reaction) => void] {
  const [items, setItems] = useState<FloatingReaction[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);
  const add = useCallback((reaction: Reaction) => {
    counter.current += 1;
    const key = counter.current;
    setItems((current) => [...current, { key, reaction }].slice(-MAX_FLOATING));
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setItems((current) => current.filter((item) => item.key !== key));
    }, FLOAT_MS);
    timers.current.add(timer);
  }, []);
  return [items, add];
}

export function FloatingReactions({ items }: { items: FloatingReaction[] }) {
  const latest = items.at(-1);
  return (
    <div
      aria-hidden="true"
      data-testid="floating-reactions"
      className="pointer-events-none absolute inset-0 overflow-hidden rounded-xl"
    >
      {items.map((item) => (
        // As tall as the player, so the animation's -70% is 70% of the player's height.
        <span
          key={item.key}
          data-reaction={item.reaction}
          className="absolute bottom-12 flex h-full w-10 animate-float-up items-end justify-center motion-reduce:hidden"
          style={{ right: `${reactionLane(item.key)}%` }}
        >
          <ReactionIcon reaction={item.reaction} className="size-9 drop-shadow-md" />
        </span>
      ))}
      {latest && (
        <span
          data-testid="reaction-badge"
          className="absolute top-3 right-3 hidden items-center gap-1 rounded-full bg-white/90 px-2.5 py-1 text-sm font-black text-ink shadow motion-reduce:inline-flex"
        >
          <ReactionIcon reaction={latest.reaction} className="size-5" />
          {items.length > 1 && <span>×{items.length}</span>}
        </span>
      )}
    </div>
  );
}
