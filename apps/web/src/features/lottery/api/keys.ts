/** Query keys of the lottery calls; LOTTERY_KEY prefixes them all. */
export const LOTTERY_KEY = ['lottery'] as const;
export const lotteryGamesKey = () => [...LOTTERY_KEY, 'games'] as const;
export const lotteryGameKey = (gameId: string, prizeMode: string) =>
  [...LOTTERY_KEY, 'game', gameId, prizeMode] as const;
export const lotteryOrdersKey = (code: string) => [...LOTTERY_KEY, 'orders', code] as const;
export const lotteryResultsKey = (code: string) => [...LOTTERY_KEY, 'results', code] as const;
export const lotteryNumeroKey = (code: string) => [...LOTTERY_KEY, 'numero', code] as const;
