import {
  type GameClass,
  GAME_CLASSES,
  type GameType,
  IN_HOUSE_VENDOR,
  MIN_BETS,
  splitFromSports,
} from '@kl/contracts/games';
import {
  SANDBOX_HUB88_CODE,
  SANDBOX_PRAGMATIC_CODE,
  SANDBOX_PROVIDER_CODE,
} from '@kl/contracts/sandbox-provider';
import { SLOT_TITLE_MACHINE_IDS } from '@kl/contracts/slot';
import type { NewGameRow, NewGameVendorRow } from '../../db/schema/index.ts';
import { minBetUnits } from './game-mapping.ts';
import { searchableName, trigramsOf } from './search-text.ts';

/**
 * The demo catalogue, generated deterministically (same input, same rows): vendors of every category and
 * games with names, classes, minimum bets, lines, new / top / hot flags. Names are made from word lists;
 * artwork is drawn by artwork.ts from these rows, so nothing binary is stored.
 */

interface VendorDefinition {
  vassalage: string;
  displayName: string;
  colour: string;
  /** Category → how many games the vendor has there (the seed's scale 1). */
  games: Partial<Record<GameType, number>>;
}

/** Vendors in the order the site shows them inside each category. */
/** The vendor whose slots the sandbox provider plays through Hub88's protocol. */
export const HUB88_VENDOR = 'NOVA';
/** The vendor whose slots the sandbox provider plays through Pragmatic's protocol. */
export const PRAGMATIC_VENDOR = 'SPIN8';

export const VENDORS: readonly VendorDefinition[] = [
  {
    vassalage: IN_HOUSE_VENDOR,
    displayName: 'Kim Long Games',
    colour: '#d4a017',
    games: { RNG: 40, FISH: 8, PVP: 20 },
  },
  { vassalage: 'BG', displayName: 'BG Gaming', colour: '#1f7a8c', games: { RNG: 45, FISH: 10, LIVE: 12 } },
  { vassalage: 'LOTUS', displayName: 'Lotus Slots', colour: '#c2185b', games: { RNG: 70 } },
  { vassalage: 'JADE', displayName: 'Jade Gaming', colour: '#2e7d32', games: { RNG: 65, FISH: 12, PVP: 25 } },
  { vassalage: 'PHOENIX', displayName: 'Phoenix Play', colour: '#e65100', games: { RNG: 60, LIVE: 15 } },
  { vassalage: 'TIGER', displayName: 'Tiger Studio', colour: '#f9a825', games: { RNG: 55 } },
  { vassalage: 'NOVA', displayName: 'Nova Reels', colour: '#5e35b1', games: { RNG: 55 } },
  { vassalage: 'KIRIN', displayName: 'Kirin Games', colour: '#00838f', games: { RNG: 50, FISH: 12 } },
  { vassalage: 'SPIN8', displayName: 'Spin8', colour: '#ad1457', games: { RNG: 50 } },
  { vassalage: 'OCEAN', displayName: 'Ocean King', colour: '#0277bd', games: { FISH: 18 } },
  { vassalage: 'ROYALCARD', displayName: 'Royal Card', colour: '#6a1b9a', games: { PVP: 30 } },
  { vassalage: 'VPOKER', displayName: 'V Poker', colour: '#37474f', games: { PVP: 28 } },
  { vassalage: 'ROYAL', displayName: 'Royal Casino', colour: '#8d6e63', games: { LIVE: 16 } },
  { vassalage: 'SAIGON', displayName: 'Saigon Live', colour: '#b71c1c', games: { LIVE: 14 } },
  { vassalage: 'ASIA', displayName: 'Asia Live', colour: '#004d40', games: { LIVE: 14 } },
  { vassalage: 'ARENA', displayName: 'Arena Sports', colour: '#1565c0', games: { SPORTS: 2 } },
  { vassalage: 'GOAL', displayName: 'Goal Sports', colour: '#2e7d32', games: { SPORTS: 2 } },
  { vassalage: 'SPORTX', displayName: 'SportX', colour: '#283593', games: { SPORTS: 2 } },
  { vassalage: 'IMES', displayName: 'IM eSports', colour: '#7b1fa2', games: { SPORTS: 2 } },
  { vassalage: 'TF', displayName: 'TF Gaming', colour: '#c62828', games: { SPORTS: 2 } },
  { vassalage: 'IA', displayName: 'IA eSports', colour: '#0097a7', games: { SPORTS: 2 } },
  { vassalage: 'DS88', displayName: 'DS88 Sabong', colour: '#bf360c', games: { SPORTS: 1 } },
  { vassalage: 'WS168', displayName: 'WS168', colour: '#d84315', games: { SPORTS: 1 } },
  { vassalage: 'DIG', displayName: 'DIG Cockfight', colour: '#795548', games: { SPORTS: 1 } },
  { vassalage: 'SV3', displayName: 'SV388', colour: '#e64a19', games: { SPORTS: 1 } },
  { vassalage: 'TCG', displayName: 'TCG Lottery', colour: '#c0392b', games: { LOTT: 20 } },
  { vassalage: 'TCG_SEA', displayName: 'TCG SEA Lottery', colour: '#16a085', games: { LOTT: 10 } },
  { vassalage: 'TCG_LOTTO_VN', displayName: 'Xổ Số Việt Nam', colour: '#d32f2f', games: { ELOTT: 25 } },
  { vassalage: 'VRL', displayName: 'VR Lottery', colour: '#512da8', games: { ELOTT: 10 } },
];

/** Small deterministic random numbers (mulberry32) seeded from a text. */
export function randomFrom(seedText: string) {
  let seed = 0x9e3779b9;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 0x85ebca6b) >>> 0;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let value = seed;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

const SLOT_WORDS = {
  first: [
    'Golden',
    'Lucky',
    'Mighty',
    'Jade',
    'Royal',
    'Dragon',
    'Fortune',
    'Mystic',
    'Wild',
    'Crystal',
    'Ruby',
    'Emerald',
    'Thunder',
    'Celestial',
    'Ancient',
    'Blazing',
    'Silver',
    'Sacred',
    'Neon',
    'Cosmic',
    'Happy',
    'Eternal',
    'Magic',
    'Shining',
    'Phoenix',
    'Tiger',
    'Lotus',
    'Imperial',
    'Diamond',
    'Red',
  ],
  second: [
    'Dragon',
    'Koi',
    'Temple',
    'Empress',
    'Treasure',
    'Panda',
    'Lantern',
    'Gems',
    'Buffalo',
    'Pearl',
    'Tiger',
    'Fruits',
    'Sevens',
    'Pharaoh',
    'Monkey',
    'Garden',
    'Phoenix',
    'Warrior',
    'Coins',
    'Dynasty',
    'Festival',
    'Riches',
    'Fortune',
    'Wolf',
    'Crown',
    'Bell',
    'Mahjong',
    'Samurai',
    'Genie',
    'Rooster',
  ],
  third: [
    '',
    '',
    '',
    '',
    'Deluxe',
    'Megaways',
    'Rising',
    'Gold',
    '2',
    'Jackpot',
    'Blitz',
    'Link',
    'Rush',
    'Hold & Win',
  ],
} as const;
const FISH_WORDS = {
  first: [
    'Ocean',
    'Fishing',
    'Golden',
    'Dragon',
    'Mermaid',
    'Deep Sea',
    'Shark',
    'Crab',
    'Happy',
    'Royal',
    'Lucky',
    'Mega',
  ],
  second: ['Hunter', 'King', 'Fishing', 'War', 'Legend', 'Party', 'Paradise', 'Catch', 'Storm', 'Treasure'],
} as const;
const CARD_GAMES = [
  'Tiến Lên Miền Nam',
  'Phỏm',
  'Mậu Binh',
  'Sâm Lốc',
  'Xì Dách',
  'Poker Texas',
  'Baccarat',
  'Rồng Hổ',
  'Bài Cào',
  'Xóc Đĩa',
  'Tài Xỉu',
  'Bầu Cua',
  'Blackjack',
  'Teen Patti',
  'Andar Bahar',
  'Niu Niu',
  'Mahjong Ways',
  'Pai Gow',
  'Sic Bo',
  'Fan Tan',
  'Catte',
  'Poker Omaha',
  'Liêng',
  'Ba Cây',
  'Chắn',
  'Domino',
  'Ludo',
  'Rummy',
  'Crazy Eights',
  'Poker Royal',
];
const LIVE_TABLES = [
  'Baccarat',
  'Speed Baccarat',
  'Roulette',
  'Sic Bo',
  'Dragon Tiger',
  'Blackjack',
  'Xóc Đĩa',
  'Fan Tan',
];
const LOTTERY_NAMES = {
  TCG: [
    'Miền Bắc',
    'Siêu Tốc 1 Phút',
    'Siêu Tốc 3 Phút',
    'Siêu Tốc 5 Phút',
    'Mega 6/45',
    'Power 6/55',
    'Max 3D',
    'Max 4D',
    'Keno',
    'Lô Đề 1 Phút',
    'Lô Đề 5 Phút',
    'Xổ Số Nhanh',
    'Pick 3',
    'Pick 5',
    'Lucky 10',
    'Bingo 18',
    'Thần Tài 4',
    'Điện Toán 123',
    'Điện Toán 6x36',
    'Lotto 5/35',
  ],
  TCG_SEA: [
    'Thai Lottery',
    'Lao Lottery',
    'Malaysia 4D',
    'Singapore 4D',
    'Magnum 4D',
    'Sports Toto 4D',
    'Da Ma Cai 1+3D',
    'Cambodia Lottery',
    'Sabah 88',
    'Sandakan 4D',
  ],
  TCG_LOTTO_VN: [
    'Hà Nội',
    'Hồ Chí Minh',
    'Đà Nẵng',
    'Cần Thơ',
    'Đồng Nai',
    'Bình Dương',
    'Vĩnh Long',
    'An Giang',
    'Tây Ninh',
    'Bến Tre',
    'Vũng Tàu',
    'Bạc Liêu',
    'Đồng Tháp',
    'Cà Mau',
    'Tiền Giang',
    'Kiên Giang',
    'Đà Lạt',
    'Khánh Hòa',
    'Huế',
    'Phú Yên',
    'Quảng Nam',
    'Đắk Lắk',
    'Quảng Ngãi',
    'Bình Định',
    'Gia Lai',
  ],
  VRL: [
    'VR 1 Phút',
    'VR 3 Phút',
    'VR 5 Phút',
    'VR Keno',
    'VR Đua Xe',
    'VR Đua Ngựa',
    'VR Bắn Cá',
    'VR PK10',
    'VR Xổ Số Nhanh',
    'VR Lucky 5',
  ],
} as const;
const SLOT_LINES = [1, 5, 9, 10, 15, 20, 25, 30, 40, 50, 243] as const;

export interface CatalogueOptions {
  /** Multiplies every vendor's game count (1 for the demo site; more for the benchmark). */
  scale?: number;
  /** First node id and vendor game id (digits). */
  firstNodeId?: number;
  firstGameId?: number;
}

export interface Catalogue {
  vendors: NewGameVendorRow[];
  games: NewGameRow[];
}

function slotName(
  random: ReturnType<typeof randomFrom>,
  used: Set<string>,
  words: { first: readonly string[]; second: readonly string[]; third?: readonly string[] },
) {
  for (let attempt = 0; ; attempt += 1) {
    const parts = [random.pick(words.first), random.pick(words.second)];
    if (words.third) parts.push(random.pick(words.third));
    if (parts[0] === parts[1]) continue;
    let name = parts.filter(Boolean).join(' ');
    if (attempt > 40) name = `${name} ${attempt}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

/** Names of a vendor's games in one category, unique within the vendor. */
function namesOf(vendor: VendorDefinition, gameType: GameType, count: number): string[] {
  const random = randomFrom(`${vendor.vassalage}/${gameType}`);
  const used = new Set<string>();
  const cycle = (list: readonly string[], index: number) => {
    const round = Math.floor(index / list.length);
    const base = list[index % list.length] ?? '';
    return round === 0 ? base : `${base} ${round + 1}`;
  };
  return Array.from({ length: count }, (_, index) => {
    switch (gameType) {
      case 'RNG':
        return slotName(random, used, SLOT_WORDS);
      case 'FISH':
        return slotName(random, used, FISH_WORDS);
      case 'PVP':
        return cycle(CARD_GAMES, index);
      case 'LIVE':
        return `${cycle(LIVE_TABLES, index % LIVE_TABLES.length)} ${String.fromCharCode(65 + (Math.floor(index / LIVE_TABLES.length) % 26))}${(index % 9) + 1}`;
      case 'SPORTS':
        return index === 0
          ? `${vendor.displayName}`
          : `${vendor.displayName} ${cycle(['Virtual', 'Live', 'Asia'], index - 1)}`;
      case 'ESPORTS':
        return index === 0
          ? vendor.displayName
          : `${vendor.displayName} ${cycle(['Live', 'Virtual'], index - 1)}`;
      case 'COCKFIGHT':
        return index === 0 ? vendor.displayName : `${vendor.displayName} ${index + 1}`;
      case 'LOTT':
      case 'ELOTT': {
        const list = LOTTERY_NAMES[vendor.vassalage as keyof typeof LOTTERY_NAMES] ?? LOTTERY_NAMES.TCG;
        return cycle(list, index);
      }
    }
  });
}

function lottoModeOf(vassalage: string, index: number): string {
  if (vassalage === 'TCG_LOTTO_VN') return index % 3 === 0 ? 'Tradition' : 'Tradition,Entertainment';
  if (vassalage === 'VRL') return 'Entertainment';
  if (vassalage === 'TCG_SEA') return 'Tradition';
  return index % 4 === 1 ? 'Entertainment' : 'Tradition';
}

function lotteryGroupOf(vassalage: string, name: string): string {
  if (vassalage === 'TCG_SEA') return 'SEA';
  if (vassalage === 'TCG_LOTTO_VN') {
    const central = [
      'Đà Nẵng',
      'Huế',
      'Phú Yên',
      'Quảng Nam',
      'Đắk Lắk',
      'Quảng Ngãi',
      'Bình Định',
      'Gia Lai',
      'Khánh Hòa',
    ];
    if (name.startsWith('Hà Nội')) return 'VN_NORTH';
    return central.some((place) => name.startsWith(place)) ? 'VN_CENTRAL' : 'VN_SOUTH';
  }
  return name.startsWith('Miền Bắc') ? 'VN_NORTH' : 'FAST';
}

/** The vendors and games of a merchant's catalogue. */
/**
 * The provider of a vendor's games: none for what the operator's own engines play (the in-house slots, the
 * lottery); the sandbox provider for the rest, through Hub88's protocol for Nova Reels' slots
 * (docs/decisions/067-sandbox-hub88.md), through Pragmatic's for Spin8's slots
 * (docs/decisions/071-sandbox-pragmatic.md) and its own for the others.
 */
function providerOf(vassalage: string, gameType: GameType): string | null {
  if ((vassalage === IN_HOUSE_VENDOR && gameType === 'RNG') || gameType === 'LOTT' || gameType === 'ELOTT')
    return null;
  if (vassalage === HUB88_VENDOR) return SANDBOX_HUB88_CODE;
  if (vassalage === PRAGMATIC_VENDOR && gameType === 'RNG') return SANDBOX_PRAGMATIC_CODE;
  return SANDBOX_PROVIDER_CODE;
}

export function generateCatalogue(merchantCode: string, options: CatalogueOptions = {}): Catalogue {
  const scale = options.scale ?? 1;
  let nodeId = options.firstNodeId ?? 50_001;
  let gameId = options.firstGameId ?? 1_001;
  const vendors: NewGameVendorRow[] = [];
  const games: NewGameRow[] = [];
  const orderInCategory = new Map<GameType, number>();

  VENDORS.forEach((vendor) => {
    for (const [feedType, baseCount] of Object.entries(vendor.games) as [GameType, number][]) {
      // Vendor feeds list e-sports and cockfight under sports; the catalogue keeps them apart (product.md §4).
      const gameType = splitFromSports(feedType, vendor.vassalage);
      const sortOrder = orderInCategory.get(gameType) ?? 0;
      orderInCategory.set(gameType, sortOrder + 1);
      vendors.push({
        merchantCode,
        vassalage: vendor.vassalage,
        gameCategory: gameType,
        displayName: vendor.displayName,
        sortOrder,
        colour: vendor.colour,
        configured: true,
        providerCode: providerOf(vendor.vassalage, gameType),
      });
      const count = Math.max(1, Math.round(baseCount * scale));
      const random = randomFrom(`${merchantCode}/${vendor.vassalage}/${gameType}/flags`);
      const names = namesOf(vendor, gameType, count);
      names.forEach((name, index) => {
        const slotLike = gameType === 'RNG' || gameType === 'FISH';
        const lottery = gameType === 'LOTT' || gameType === 'ELOTT';
        const gameClass: GameClass | '' = gameType === 'RNG' ? random.pick(GAME_CLASSES) : '';
        const family = vendor.vassalage === 'BG' ? 'BG' : '';
        const tags = [gameClass, family].filter(Boolean);
        const isTop = index < Math.max(1, Math.round(count * 0.08)) || random.next() < 0.04;
        const isNew = random.next() < 0.09;
        const minBet = slotLike ? random.pick(MIN_BETS) : random.pick(['0.1', '0.5', '0.75'] as const);
        const hot =
          index < 3 && ['RNG', 'FISH', 'PVP', 'LIVE'].includes(gameType)
            ? sortOrder * 3 + index + (gameType === 'RNG' ? 0 : 100)
            : null;
        const search = searchableName(name);
        const id = String(gameId);
        games.push({
          merchantCode,
          nodeId: String(nodeId),
          gameId: id,
          gameType,
          vassalage: vendor.vassalage,
          vendorCode: vendor.vassalage.startsWith('TCG') ? 'TCG' : vendor.vassalage,
          roomId: gameType === 'LIVE' ? `${vendor.vassalage}-${String(index + 1).padStart(2, '0')}` : null,
          nodeName: name,
          gameName: name,
          gameCode: `${vendor.vassalage}_${search
            .replace(/[^a-z0-9]+/g, '_')
            .replace(/^_|_$/g, '')
            .toUpperCase()}`,
          gameGroupId: lottery ? lotteryGroupOf(vendor.vassalage, name) : null,
          lottoMode: lottery ? lottoModeOf(vendor.vassalage, index) : null,
          displayName: name,
          gameClassify: gameClass || family,
          classifyTags: tags,
          supportPlay: slotLike || gameType === 'PVP' ? (random.next() < 0.85 ? 1 : 0) : 0,
          isNew,
          isTop,
          minBet: minBetUnits(minBet),
          minLine: gameType === 'RNG' ? random.pick(SLOT_LINES) : 1,
          sortRank: (isTop ? 0 : 1_000_000) + sortOrder * 100_000 + index,
          hotRank: hot,
          nameSearch: search,
          nameTrigrams: trigramsOf(search),
          colour: vendor.colour,
          // Each in-house slot title opens a machine of the studio, in turn (docs/decisions/061-slot-studio.md).
          slotMachine:
            vendor.vassalage === IN_HOUSE_VENDOR && gameType === 'RNG'
              ? (SLOT_TITLE_MACHINE_IDS[index % SLOT_TITLE_MACHINE_IDS.length] ?? null)
              : null,
        });
        nodeId += 1;
        gameId += 1;
      });
    }
  });
  return { vendors, games };
}

const WINNER_NAMES = [
  'nguyenvan',
  'tranthi',
  'lehoang',
  'phamminh',
  'hoangduc',
  'vuthanh',
  'dangquoc',
  'buiphuong',
  'doanhtuan',
  'ngothu',
  'duonglong',
  'lyhai',
  'trinhmai',
  'phanbao',
  'vohuy',
  'caolinh',
  'tahung',
  'mainam',
];

/** Wins for the winner board: in RNG, FISH and LIVE games, minutes apart, in whole đồng. */
export function generateWins(
  games: readonly { id: number; gameType: GameType }[],
  count: number,
  now: Date,
): { gameRowId: number; gameType: GameType; customerName: string; winAmount: number; wonAt: Date }[] {
  const eligible = games.filter(
    (row) => row.gameType === 'RNG' || row.gameType === 'FISH' || row.gameType === 'LIVE',
  );
  if (eligible.length === 0) return [];
  const random = randomFrom('wins');
  return Array.from({ length: count }, (_, index) => {
    const row = eligible[random.int(eligible.length)] as { id: number; gameType: GameType };
    const amount = Math.round((50_000 + random.next() ** 3 * 500_000_000) / 1_000) * 1_000;
    return {
      gameRowId: row.id,
      gameType: row.gameType,
      customerName: `${random.pick(WINNER_NAMES)}${100 + random.int(9_900)}`,
      winAmount: amount,
      wonAt: new Date(now.getTime() - index * (2 + random.int(9)) * 60_000),
    };
  });
}
