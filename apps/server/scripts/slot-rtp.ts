/**
 * The studio's return to player, measured: plays `--rounds` paid rounds (default 2,000,000) on each machine of
 * the in-house studio with the real engine and provably fair draws from fresh server seeds, spread over one
 * process per core, and compares each measured return with what the machine declares and with the exact value
 * computed from its data (a cascading machine has no closed form: its figure is the simulation's alone).
 *
 *   node --import tsx apps/server/scripts/slot-rtp.ts [--rounds=2000000] [--machine=jade-garden] [--exact]
 *
 * `--exact` also plays every stop combination of a cascading machine once (24,300,000 for Đá Quý Rơi,
 * minutes): the exact return its simulation is measured against.
 *
 * A jackpot machine declares its paytable's return plus its pool's contribution (the pool returns to players
 * as jackpots): the simulation measures the paytable and counts the jackpots won.
 *
 * Exit code 0 when every measured return is within ±0.5 points (or three standard errors, for a machine whose
 * wins spread wider than that many rounds can pin down) of its declared return, 1 when not. Run by
 * `npm run bench` (not by `npm test`: it takes minutes).
 */
import { availableParallelism } from 'node:os';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { STUDIO_MACHINES, studioMachine } from '@kl/contracts/slot-machines/index';
import { type Draws, playRound } from '../src/modules/slot/engine.ts';
import { fairDraws, newServerSeed } from '../src/modules/slot/fair.ts';
import { machineRtp } from '../src/modules/slot/rtp.ts';

const TOLERANCE = 0.005;

interface Tally {
  rounds: number;
  bet: number;
  won: number;
  /** Sum of squared returns per round (in total bets), for the standard error. */
  squares: number;
  hitRounds: number;
  featureRounds: number;
  jackpots: number;
}

function simulate(machineId: string, rounds: number): Tally {
  const studio = studioMachine(machineId);
  if (!studio) throw new Error(`no studio machine ${machineId}`);
  const serverSeed = newServerSeed();
  const tally: Tally = { rounds, bet: 0, won: 0, squares: 0, hitRounds: 0, featureRounds: 0, jackpots: 0 };
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const round = playRound(
      studio.machine,
      fairDraws({ serverSeed, clientSeed: 'rtp-simulation', nonce }),
      1,
    );
    const ratio = round.totalWin / round.totalBet;
    tally.bet += round.totalBet;
    tally.won += round.totalWin;
    tally.squares += ratio * ratio;
    if (round.totalWin > 0) tally.hitRounds += 1;
    if (round.spins.length > 1) tally.featureRounds += 1;
    if (round.spins[0]?.jackpot) tally.jackpots += 1;
  }
  return tally;
}

/**
 * Every stop combination of a machine whose first reel stops at `part`, `part + parts`, …: played once each,
 * they give its exact return (used for a cascading machine, which has no closed form). Only the base spin
 * is enumerated, so only for a machine without free spins.
 */
function enumerate(machineId: string, part: number, parts: number): Tally {
  const studio = studioMachine(machineId);
  if (!studio) throw new Error(`no studio machine ${machineId}`);
  if (Object.keys(studio.machine.freeSpins).length > 0)
    throw new Error(`${machineId} has free spins: its stop combinations alone do not give its return`);
  const lengths = studio.machine.reels.map((strip) => strip.length);
  const tally: Tally = { rounds: 0, bet: 0, won: 0, squares: 0, hitRounds: 0, featureRounds: 0, jackpots: 0 };
  const stops = lengths.map(() => 0);
  let next = 0;
  const draws: Draws = { next: () => 0, below: () => stops[next++] ?? 0 };
  const rest = lengths.slice(1).reduce((product, length) => product * length, 1);
  for (let first = part; first < (lengths[0] ?? 0); first += parts) {
    stops[0] = first;
    for (let index = 0; index < rest; index += 1) {
      let left = index;
      for (let reel = 1; reel < lengths.length; reel += 1) {
        const length = lengths[reel] ?? 1;
        stops[reel] = left % length;
        left = Math.floor(left / length);
      }
      next = 0;
      const round = playRound(studio.machine, draws, 1);
      const ratio = round.totalWin / round.totalBet;
      tally.rounds += 1;
      tally.bet += round.totalBet;
      tally.won += round.totalWin;
      tally.squares += ratio * ratio;
      if (round.totalWin > 0) tally.hitRounds += 1;
    }
  }
  return tally;
}

const CHILD_FLAG = '--share=';
const share = process.argv.find((value) => value.startsWith(CHILD_FLAG));

/** Runs each job (`sim:<machine>:<rounds>` or `all:<machine>:<part>:<parts>`) in a process of its own. */
async function inProcesses(jobs: string[]): Promise<Tally> {
  const tallies = await Promise.all(
    jobs.map(
      (job) =>
        new Promise<Tally>((resolve, reject) => {
          const child = fork(fileURLToPath(import.meta.url), [`${CHILD_FLAG}${job}`], {
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
  return tallies.reduce((sum, tally) => ({
    rounds: sum.rounds + tally.rounds,
    bet: sum.bet + tally.bet,
    won: sum.won + tally.won,
    squares: sum.squares + tally.squares,
    hitRounds: sum.hitRounds + tally.hitRounds,
    featureRounds: sum.featureRounds + tally.featureRounds,
    jackpots: sum.jackpots + tally.jackpots,
  }));
}

if (share) {
  // One of the processes the rounds are spread over: play its share and send the tally back.
  const [kind, machineId = '', ...numbers] = share.slice(CHILD_FLAG.length).split(':');
  const [first = 0, second = 1] = numbers.map(Number);
  process.send?.(kind === 'all' ? enumerate(machineId, first, second) : simulate(machineId, first));
} else {
  const option = (name: string) =>
    process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
  const rounds = Number(option('rounds') ?? 2_000_000);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive whole number');
  const only = option('machine');
  const machines = only ? STUDIO_MACHINES.filter((studio) => studio.id === only) : STUDIO_MACHINES;
  if (machines.length === 0) throw new Error(`no studio machine ${only}`);
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  const points = (value: number) => `${(value * 100).toFixed(3)}%`;
  let allWithin = true;
  for (const studio of machines) {
    const started = performance.now();
    const total = await inProcesses(
      Array.from(
        { length: workers },
        (_, index) => `sim:${studio.id}:${Math.floor(rounds / workers) + (index < rounds % workers ? 1 : 0)}`,
      ),
    );
    const pool = studio.machine.jackpot?.contribution ?? 0;
    const measured = total.won / total.bet;
    const spread = Math.sqrt(total.squares / total.rounds - measured * measured);
    const standardError = spread / Math.sqrt(total.rounds);
    const exact = studio.machine.cascade ? null : machineRtp(studio.machine);
    const enumerated =
      studio.machine.cascade && process.argv.includes('--exact')
        ? await inProcesses(
            Array.from({ length: workers }, (_, index) => `all:${studio.id}:${index}:${workers}`),
          )
        : null;
    const allowed = Math.max(TOLERANCE, 3 * standardError);
    const within =
      Math.abs(measured + pool - studio.declaredRtp) <= allowed &&
      (!enumerated || Math.abs(enumerated.won / enumerated.bet - studio.declaredRtp) <= 0.001);
    allWithin &&= within;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      [
        `${studio.name} (${studio.id}): ${total.rounds.toLocaleString('en')} rounds in ${workers} processes in ${seconds} s`,
        `  measured ${points(measured)}${pool ? ` paytable + ${points(pool)} pool` : ''} (standard error ${points(standardError)}, spread ${spread.toFixed(2)} bets), ${exact ? `exact ${points(exact.total)}` : enumerated ? `exact ${points(enumerated.won / enumerated.bet)} (all ${enumerated.rounds.toLocaleString('en')} stop combinations played)` : 'no closed form (cascades: --exact plays every stop combination, minutes)'}, declared ${points(studio.declaredRtp)} ± ${(allowed * 100).toFixed(2)} points`,
        `  paid rounds ${points(total.hitRounds / total.rounds)}` +
          (exact && exact.featureChance > 0
            ? `, free spins started in ${points(total.featureRounds / total.rounds)} (exact ${points(exact.featureChance)})`
            : '') +
          (enumerated ? ` (exact ${points(enumerated.hitRounds / enumerated.rounds)})` : '') +
          (pool
            ? `, jackpots ${total.jackpots} (one in ${Math.round(total.rounds / Math.max(1, total.jackpots)).toLocaleString('en')})`
            : ''),
        `  ${within ? 'OK' : 'OUT OF TOLERANCE'}`,
        '',
      ].join('\n'),
    );
  }
  process.exit(allWithin ? 0 : 1);
}
