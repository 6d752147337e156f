import { BlockList, isIP } from 'node:net';
import { isProviderAddress } from '@kl/contracts/admin/game-providers';

/**
 * A provider's allowed addresses (docs/decisions/069-provider-address-allow-list.md): the addresses and
 * CIDR blocks its servers call from, as `game_provider.allowed_addresses` keeps them; an empty list lets any
 * address call. Every protocol checks the caller's address (`request.ip`, after TRUST_PROXY) against it
 * before anything else of the request, and refuses one outside it as that protocol refuses an unknown caller.
 */

/** Why a call was refused before its signature was checked: its address is not one of its provider's. */
export const ADDRESS_NOT_ALLOWED = 'ADDRESS_NOT_ALLOWED';

/** Whether a request from `address` may be a call of the provider. */
export type AddressCheck = (address: string) => boolean;

const ANY_ADDRESS: AddressCheck = () => true;

const familyOf = (version: number) => (version === 4 ? 'ipv4' : 'ipv6');

/** The entry added to `list`; false when it is no address or block (the list then allows nothing by it). */
function addEntry(list: BlockList, entry: string): boolean {
  if (!isProviderAddress(entry)) return false;
  const [address = '', prefix] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return false;
  try {
    if (prefix === undefined) list.addAddress(address, familyOf(version));
    else list.addSubnet(address, Number(prefix), familyOf(version));
    return true;
  } catch {
    return false;
  }
}

/** The first entry of `entries` the wallet cannot read as an address or CIDR block; undefined when none. */
export function unreadableAddress(entries: readonly string[]): string | undefined {
  return entries.find((entry) => !addEntry(new BlockList(), entry));
}

/**
 * The check of a list: any address for an empty one; otherwise the list's addresses and blocks, matched by
 * Node's BlockList (an IPv4 client seen as IPv4-mapped IPv6, `::ffff:203.0.113.10`, matches its IPv4
 * entries). An entry that does not read (none the back office saved) allows nothing.
 */
function checkOf(entries: readonly string[]): AddressCheck {
  if (entries.length === 0) return ANY_ADDRESS;
  const list = new BlockList();
  for (const entry of entries) addEntry(list, entry);
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, familyOf(version));
  };
}

/**
 * `checkOf` remembered by the list, for a provider's row read on every call: each list is read once per
 * process, whatever number of times its row is. At most `limit` lists are kept; the oldest go first.
 */
export function createAddressChecks(limit = 256): (entries: readonly string[]) => AddressCheck {
  const checks = new Map<string, AddressCheck>();
  return (entries) => {
    if (entries.length === 0) return ANY_ADDRESS;
    const key = entries.join('\n');
    const known = checks.get(key);
    if (known !== undefined) return known;
    const check = checkOf(entries);
    if (checks.size >= limit) {
      const oldest = checks.keys().next();
      if (!oldest.done) checks.delete(oldest.value);
    }
    checks.set(key, check);
    return check;
  };
}
