/**
 * The in-house slot's return to player, measured: plays `--rounds` paid rounds (default 2,000,000) with the
 * real engine and provably fair draws from fresh server seeds, spread over one process per core, and compares
 * the measured return with the target (96%) and the exact value computed from the machine's data.
 *
 *   node --import tsx apps/server/scripts/slot-rtp.ts [--rounds=2000000]
 *
 * Exit code 0 when the measured return is within ±0.5 points of the target, 1 when not. Run by
 * `npm run bench` (not by `npm test`: it takes a minute).
 */
import { availableParallelism } from 'node:os';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { playRound } from '../src/modules/slot/engine.ts';
import { fairDraws, newServerSeed } from '../src/modules/slot/fair.ts';
import { SLOT_MACHINE, SLOT_TARGET_RTP } from '../src/modules/slot/machine.ts';
import { machineRtp } from '../src/modules/slot/rtp.ts';

const TOLERANCE = 0.005;

interface Tally {
  rounds: number;
  bet: number;
  won: number;
  /** Sum of squared returns per round (in total bets), for the standard error. */
  squares: number;
  featureRounds: number;
}

function simulate(rounds: number): Tally {
  const serverSeed = newServerSeed();
  const tally: Tally = { rounds, bet: 0, won: 0, squares: 0, featureRounds: 0 };
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const round = playRound(SLOT_MACHINE, fairDraws({ serverSeed, clientSeed: 'rtp-simulation', nonce }), 1);
    const ratio = round.totalWin / round.totalBet;
    tally.bet += round.totalBet;
    tally.won += round.totalWin;
    tally.squares += ratio * ratio;
    if (round.spins.length > 1) tally.featureRounds += 1;
  }
  return tally;
}

const CHILD_FLAG = '--share=';
const share = process.argv.find((value) => value.startsWith(CHILD_FLAG));

if (share) {
  // One of the processes the rounds are spread over: play its share and send the tally back.
  process.send?.(simulate(Number(share.slice(CHILD_FLAG.length))));
} else {
  const argument = process.argv.find((value) => value.startsWith('--rounds='));
  const rounds = argument ? Number(argument.split('=')[1]) : 2_000_000;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive whole number');
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  const started = performance.now();
  const shares = Array.from(
    { length: workers },
    (_, index) => Math.floor(rounds / workers) + (index < rounds % workers ? 1 : 0),
  );
  const tallies = await Promise.all(
    shares.map(
      (count) =>
        new Promise<Tally>((resolve, reject) => {
          const child = fork(fileURLToPath(import.meta.url), [`${CHILD_FLAG}${count}`], {
            execArgv: ['--import', 'tsx'],
          });
          child.once('message', (tally) => resolve(tally as Tally));
          child.once('error', reject);
          child.once('exit', (code) => {
            if (code !== 0) reject(new Error(`a simulation process exited with ${code}`));
          });
        }),
    ),
  );
  const total = tallies.reduce(
    (sum, tally) => ({
      rounds: sum.rounds + tally.rounds,
      bet: sum.bet + tally.bet,
      won: sum.won + tally.won,
      squares: sum.squares + tally.squares,
      featureRounds: sum.featureRounds + tally.featureRounds,
    }),
    { rounds: 0, bet: 0, won: 0, squares: 0, featureRounds: 0 },
  );
  const measured = total.won / total.bet;
  const spread = Math.sqrt(total.squares / total.rounds - measured * measured);
  const standardError = spread / Math.sqrt(total.rounds);
  const exact = machineRtp(SLOT_MACHINE);
  const points = (value: number) => `${(value * 100).toFixed(3)}%`;
  const within = Math.abs(measured - SLOT_TARGET_RTP) <= TOLERANCE;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      `slot return to player: ${total.rounds.toLocaleString('en')} rounds in ${workers} processes in ${seconds} s`,
      `  measured ${points(measured)} (standard error ${points(standardError)}), exact ${points(exact.total)}, target ${points(SLOT_TARGET_RTP)} ± ${(TOLERANCE * 100).toFixed(1)} points`,
      `  free spins started in ${points(total.featureRounds / total.rounds)} of rounds (exact ${points(exact.featureChance)})`,
      `  ${within ? 'OK' : 'OUT OF TOLERANCE'}`,
      '',
    ].join('\n'),
  );
  process.exit(within ? 0 : 1);
}
