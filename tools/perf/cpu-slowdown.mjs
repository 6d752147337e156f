/**
 * The CPU slowdown Lighthouse's mobile run applies on this machine (docs/decisions/030-lighthouse-cpu-calibration.md).
 *
 * Lighthouse's mobile score stands for a mid-tier phone. It gets there by slowing the host's CPU down by
 * a factor, 4 by default, which its documentation (docs/throttling.md, "Calibrating the CPU slowdown")
 * sets for a high-end desktop host: a benchmark index of about 1,500 to 2,000. A slower host slowed 4×
 * stands for a slower phone than that, and a faster host for a faster one. Lighthouse measures the
 * host's benchmark index in every run and gives the factor that matches it through its CPU throttling
 * calculator: 1× at an index of 150, 2× at 800, 3× at 1,300, 4× at about 1,533, one more for each 233
 * above 1,300. This module is that calculator's curve.
 */

/** Below this index Lighthouse's curve has no anchor: the host is slower than the phone it stands for. */
export const SLOWEST_BENCHMARK_INDEX = 150;

/** The slowdown that makes a host of this benchmark index stand for Lighthouse's mid-tier phone, to 0.1. */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < SLOWEST_BENCHMARK_INDEX) {
    throw new RangeError(
      `A host with a benchmark index of ${benchmarkIndex} is slower than the phone Lighthouse stands for`,
    );
  }
  const factor =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(factor * 10) / 10;
}
