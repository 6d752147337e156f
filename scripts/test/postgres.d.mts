/** Types of postgres.mjs for the TypeScript that uses it (the release's end-to-end test). */
export interface ThrowawayCluster {
  readonly dir: string;
  start(): Promise<{ url: string }>;
  stop(): void;
}
export function throwawayCluster(options: {
  binDir: string;
  asRoot: boolean;
  tmp?: string;
}): ThrowawayCluster;
export function clusterUrl(port: number): string;
export function databasePlan(options: {
  steps: readonly string[];
  env: Record<string, string | undefined>;
}): { kind: 'none' } | { kind: 'given'; url: string } | { kind: 'throwaway' };
