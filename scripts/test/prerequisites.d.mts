/** Types of the part of prerequisites.mjs the TypeScript uses (the release's end-to-end test). */
export interface SystemProbe {
  isRoot(): boolean;
  hasAptGet(): boolean;
  hasChromium(): boolean;
  hasCjkFont(): boolean;
  hasOpenssl(): boolean;
  hasNginx(): boolean;
  postgresBin(): string | undefined;
}
export function systemProbe(env?: Record<string, string | undefined>): SystemProbe;
