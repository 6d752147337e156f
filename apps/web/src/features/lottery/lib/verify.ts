import { useEffect, useState } from 'react';

/** SHA-256 of a text as lowercase hex (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether SHA-256(seed) is the hash published before the draw: null while checking or without Web Crypto. */
export function useSeedMatches(seed: string, seedHash: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    if (typeof crypto === 'undefined' || !('subtle' in crypto)) return;
    sha256Hex(seed).then(
      (hash) => live && setMatches(hash === seedHash.toLowerCase()),
      () => live && setMatches(null),
    );
    return () => {
      live = false;
    };
  }, [seed, seedHash]);
  return matches;
}
