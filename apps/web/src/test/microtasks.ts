/**
 * Resolves after every microtask queued so far has run, still within the same task: a test of task
 * boundaries (`nextTask`, request pacing) checks with it that something did not happen among them.
 */
export async function microtasksDone(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
