import { storage } from '../../../shared/lib/storage.ts';

/**
 * The slot's sounds: short beeps made in code with Web Audio (nothing is downloaded). Off by default; the
 * member's choice is remembered.
 */

export const SLOT_SOUND_KEY = 'slotSound';

export const soundPreference = {
  read: (): boolean => storage.get(SLOT_SOUND_KEY) === 'on',
  write: (on: boolean) => storage.set(SLOT_SOUND_KEY, on ? 'on' : 'off'),
};

type Cue = 'spin' | 'stop' | 'win' | 'bigWin';

const NOTES: Record<Cue, { frequency: number; ms: number }[]> = {
  spin: [{ frequency: 330, ms: 60 }],
  stop: [{ frequency: 220, ms: 40 }],
  win: [
    { frequency: 660, ms: 90 },
    { frequency: 880, ms: 120 },
  ],
  bigWin: [
    { frequency: 523, ms: 100 },
    { frequency: 659, ms: 100 },
    { frequency: 784, ms: 100 },
    { frequency: 1047, ms: 200 },
  ],
};

let context: AudioContext | null = null;

/** Plays a cue; silently nothing where Web Audio is missing. */
export function playCue(cue: Cue): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume();
    let at = audio.currentTime;
    for (const note of NOTES[cue]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = note.frequency;
      gain.gain.setValueAtTime(0.06, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + note.ms / 1000);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + note.ms / 1000);
      at += note.ms / 1000;
    }
  } catch {
    // Sound is a nicety: a browser refusing audio changes nothing else.
  }
}
