import type { NewChatLiveHostRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createChatRepository } from './repository.ts';

/** The demo site's live hosts (product.md §7 live model list): some on air, some online, some away. */
const HOSTS: Omit<NewChatLiveHostRow, 'merchantCode' | 'sortOrder'>[] = [
  { id: 'ngoc-anh', name: 'Ngọc Anh', colour: '#c2185b', active: true, streaming: true },
  { id: 'bao-vy', name: 'Bảo Vy', colour: '#7b1fa2', active: true, streaming: true },
  { id: 'minh-thu', name: 'Minh Thư', colour: '#1565c0', active: true, streaming: true },
  { id: 'lan-chi', name: 'Lan Chi', colour: '#00838f', active: true, streaming: false },
  { id: 'ha-my', name: 'Hà My', colour: '#2e7d32', active: true, streaming: false },
  { id: 'thu-trang', name: 'Thu Trang', colour: '#ef6c00', active: true, streaming: true },
  { id: 'khanh-linh', name: 'Khánh Linh', colour: '#ad1457', active: false, streaming: false },
  { id: 'mai-phuong', name: 'Mai Phương', colour: '#5d4037', active: false, streaming: false },
];

/** Seeds the merchant's live hosts; idempotent (inserts the missing ones only). */
export async function seedLiveHosts(db: Db, tx: DbOrTx, merchantCode: string): Promise<number> {
  return createChatRepository(db).insertLiveHosts(
    HOSTS.map((host, index) => ({ ...host, merchantCode, sortOrder: index + 1 })),
    tx,
  );
}
