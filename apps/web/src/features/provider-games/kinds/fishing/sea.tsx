/** The fish of the sea, as drawn (the provider's kinds, games/fishing.ts, each with its colour). */
export const SEA_FISH = [
  { id: 'clownfish', color: '#ff8a3d', size: 34, depth: 18, speed: 9 },
  { id: 'pufferfish', color: '#f5d547', size: 38, depth: 62, speed: 12 },
  { id: 'lionfish', color: '#e0474c', size: 42, depth: 36, speed: 10 },
  { id: 'turtle', color: '#3fae6a', size: 50, depth: 78, speed: 15 },
  { id: 'octopus', color: '#b35ad8', size: 46, depth: 48, speed: 13 },
  { id: 'stingray', color: '#6c8ea4', size: 56, depth: 26, speed: 11 },
  { id: 'shark', color: '#8a99a8', size: 70, depth: 56, speed: 8 },
  { id: 'golden-dragon', color: '#f2b705', size: 76, depth: 10, speed: 17 },
] as const;

/** One fish, drawn inline (no picture files): a body, a tail and an eye in its colour. */
export function FishShape({ color, size }: { color: string; size: number }) {
  return (
    <svg width={size} height={size * 0.6} viewBox="0 0 60 36" aria-hidden="true" focusable="false">
      <path d="M4 18 L16 6 L16 30 Z" fill={color} opacity="0.8" />
      <ellipse cx="36" cy="18" rx="22" ry="13" fill={color} />
      <circle cx="48" cy="15" r="3" fill="#fff" />
      <circle cx="49" cy="15" r="1.5" fill="#123" />
    </svg>
  );
}
