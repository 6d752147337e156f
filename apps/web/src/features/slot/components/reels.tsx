import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SymbolFace } from './symbol-face.tsx';

/** Where the reels go next: the grid (grid[reel][row]) to stop on, and a new id for each spin. */
export interface ReelTarget {
  id: number;
  grid: string[][];
  /** The grid shown before this spin (where the strips start). */
  from: string[][];
  /** Put the grid in place without turning the reels (a cascade's fall). */
  instant?: boolean;
}

interface ReelsProps {
  /** The base strips of the machine: the symbols scrolling past come from them. */
  strips: string[][];
  rows: number;
  /** The machine's theme: its wild and scatter are drawn in it. */
  theme: string;
  /** What is shown before any spin. */
  initial: string[][];
  target: ReelTarget | null;
  /** Spin time of the first reel; 0 shows the result at once. Each next reel stops `staggerMs` later. */
  durationMs: number;
  staggerMs: number;
  /** Cells (reel, row) of the winning lines of the grid shown. */
  winning: ReadonlySet<string>;
  onReelStop?: (reel: number) => void;
  /** Every reel of spin `id` has stopped. */
  onSettled: (id: number) => void;
}

export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

/** Symbols scrolling past on a reel: `count` of its strip from a position that changes each spin. */
function fillerOf(strip: readonly string[], count: number, seed: number): string[] {
  const start = (seed * 7 + count * 3) % Math.max(strip.length, 1);
  return Array.from({ length: count }, (_, index) => strip[(start + index) % strip.length] ?? 'A');
}

/**
 * The reels (the machine's count of reels and rows). Each reel is a strip moved with a CSS transform (translateY, on the compositor): the new
 * symbols on top, symbols scrolling past, the old ones at the bottom; the strip starts showing the old
 * ones and slides down to the new ones, reel by reel. No animation loop runs in JavaScript; with no
 * duration (reduced motion) the new symbols simply replace the old.
 */
export function Reels({
  strips,
  rows,
  theme,
  initial,
  target,
  durationMs,
  staggerMs,
  winning,
  onReelStop,
  onSettled,
}: ReelsProps) {
  const { t } = useTranslation();
  const stripRefs = useRef<(HTMLDivElement | null)[]>([]);
  const reelCount = strips.length;

  // The strips of this spin: [new rows…, filler…, old rows…].
  // A target shown at once: no duration, or a fall of a cascade.
  const turns = target !== null && durationMs > 0 && !target.instant;
  const columns = useMemo(() => {
    if (!target) return initial.map((column) => [...column]);
    if (!turns) return target.grid.map((column) => [...column]);
    return target.grid.map((column, reel) => [
      ...column,
      ...fillerOf(strips[reel] ?? [], 10 + reel * 3, target.id + reel),
      ...(target.from[reel] ?? column),
    ]);
  }, [target, turns, strips, initial]);

  useLayoutEffect(() => {
    if (!target || !turns) return;
    const timers: number[] = [];
    let stopped = 0;
    const stops = new Set<number>();
    const stop = (reel: number) => {
      if (stops.has(reel)) return;
      stops.add(reel);
      onReelStop?.(reel);
      stopped += 1;
      if (stopped === reelCount) onSettled(target.id);
    };
    const cleanups = stripRefs.current.slice(0, reelCount).map((element, reel) => {
      const length = columns[reel]?.length ?? rows;
      if (!element) {
        stop(reel);
        return () => {};
      }
      const ms = durationMs + reel * staggerMs;
      element.style.transition = 'none';
      element.style.transform = `translateY(-${((length - rows) / length) * 100}%)`;
      // Apply the start position before the transition to the end starts.
      void element.getBoundingClientRect();
      element.style.transition = `transform ${ms}ms cubic-bezier(0.2, 0.7, 0.25, 1.04)`;
      element.style.transform = 'translateY(0)';
      const ended = (event: TransitionEvent) => {
        if (event.target === element) stop(reel);
      };
      element.addEventListener('transitionend', ended);
      // A tab in the background may never run the transition: stop the reel anyway.
      timers.push(window.setTimeout(() => stop(reel), ms + 200));
      return () => element.removeEventListener('transitionend', ended);
    });
    return () => {
      for (const cleanup of cleanups) cleanup();
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [target, turns, columns, durationMs, staggerMs, rows, reelCount, onReelStop, onSettled]);

  useEffect(() => {
    if (!target || turns) return;
    if (!target.instant) for (let reel = 0; reel < reelCount; reel += 1) onReelStop?.(reel);
    onSettled(target.id);
  }, [target, turns, reelCount, onReelStop, onSettled]);

  return (
    <div className="kl-slot-reels" role="group" aria-label={t('slot.reels')} data-testid="slot-reels">
      {columns.map((column, reel) => (
        <div
          className="kl-slot-reel"
          key={reel}
          role="group"
          aria-label={t('slot.reel', { number: reel + 1 })}
        >
          <div
            className="kl-slot-strip"
            ref={(element) => {
              stripRefs.current[reel] = element;
            }}
            style={{ height: `calc(var(--slot-cell) * ${column.length})` }}
            data-testid={`slot-reel-${reel}`}
          >
            {column.map((code, index) => {
              const inView = index < rows;
              return (
                <div
                  className="kl-slot-cell"
                  key={index}
                  data-win={inView && winning.has(cellKey(reel, index)) ? 'true' : undefined}
                >
                  <SymbolFace code={code} theme={theme} decorative={!inView} />
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
