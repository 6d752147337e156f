import type { LOGIN_TYPES } from '@kl/contracts/accounts';
import { fromBase64, toBase64 } from '../../../shared/lib/base64.ts';
import { storage } from '../../../shared/lib/storage.ts';

/**
 * The remembered password record of product.md §3 (type, username, password, countryDialingCode). It is
 * encrypted with AES-GCM under a key the page can use but never read (a non-extractable Web Crypto
 * key kept in IndexedDB); only the ciphertext is in localStorage. Without IndexedDB the key lives
 * for the visit only, so the record cannot be read after a reload and is treated as absent.
 */
export interface RememberedLogin {
  type: Extract<(typeof LOGIN_TYPES)[number], 'username' | 'sms'>;
  username: string;
  password: string;
  countryDialingCode: string;
}

export const REMEMBERED_LOGIN_KEY = 'rememberedLogin';
const DB_NAME = 'kl-keys';
const STORE = 'keys';
const KEY_ID = 'remembered-login';

let memoryKey: CryptoKey | null = null;

function openDb(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = action(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
  });
}

const newKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]) as Promise<CryptoKey>;

/** The device's key; created when `create` and missing. */
async function deviceKey(create: boolean): Promise<CryptoKey | null> {
  const opening = openDb();
  if (opening === null) {
    if (!memoryKey && create) memoryKey = await newKey();
    return memoryKey;
  }
  const db = await opening;
  try {
    const stored = await run<CryptoKey | undefined>(db, 'readonly', (store) => store.get(KEY_ID));
    if (stored) return stored;
    if (!create) return null;
    const key = await newKey();
    await run(db, 'readwrite', (store) => store.put(key, KEY_ID));
    return key;
  } finally {
    db.close();
  }
}

export async function saveRememberedLogin(record: RememberedLogin): Promise<void> {
  const key = await deviceKey(true);
  if (!key) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(record));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, data);
  storage.set(REMEMBERED_LOGIN_KEY, JSON.stringify({ iv: toBase64(iv), ciphertext: toBase64(ciphertext) }));
}

/** The record, or null when none is kept or it cannot be read any more (then it is removed). */
export async function readRememberedLogin(): Promise<RememberedLogin | null> {
  const raw = storage.get(REMEMBERED_LOGIN_KEY);
  if (raw === null) return null;
  try {
    const { iv, ciphertext } = JSON.parse(raw) as { iv: string; ciphertext: string };
    const key = await deviceKey(false);
    if (!key) throw new Error('No device key');
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      key,
      fromBase64(ciphertext),
    );
    const record = JSON.parse(new TextDecoder().decode(plain)) as RememberedLogin;
    if (typeof record.username !== 'string' || typeof record.password !== 'string')
      throw new Error('Bad record');
    return record;
  } catch {
    storage.remove(REMEMBERED_LOGIN_KEY);
    return null;
  }
}

export function forgetRememberedLogin(): void {
  storage.remove(REMEMBERED_LOGIN_KEY);
}

/** After a password change: the remembered record of that member, if any, gets the new password. */
export async function updateRememberedPassword(username: string, password: string): Promise<void> {
  const record = await readRememberedLogin();
  if (record && record.type === 'username' && record.username.toLowerCase() === username.toLowerCase()) {
    await saveRememberedLogin({ ...record, password });
  }
}
