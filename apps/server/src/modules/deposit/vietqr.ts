/**
 * VietQR: the EMVCo merchant-presented QR layout as NAPAS uses it for transfers to a bank account (the
 * picture is drawn by platform/qr-svg.ts).
 *
 * Each field is ID (2 digits), length (2 digits), value. The code ends with field 63: the CRC-16/CCITT
 * (polynomial 0x1021, initial 0xFFFF) of everything before it including "6304", as 4 uppercase hex digits.
 */

/** The NAPAS application id of VietQR (field 38, sub-field 00). */
export const VIETQR_GUID = 'A000000727';
/** Service code of a transfer to an account number (field 38, sub-field 02). */
export const VIETQR_SERVICE_TO_ACCOUNT = 'QRIBFTTA';
/** ISO 4217 numeric code of VND. */
const CURRENCY_VND = '704';

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > 99)
    throw new Error(`VietQR field ${id} must hold 1 to 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE of an ASCII string, 4 uppercase hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= text.charCodeAt(index) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface VietQrTransfer {
  /** The bank's 6-digit NAPAS BIN. */
  bankBin: string;
  accountNumber: string;
  /** Whole đồng; the code is dynamic (01 = 12) with an amount, static without. */
  amount?: number | undefined;
  /** The transfer's message (the order's reference code): letters and digits. */
  purpose?: string | undefined;
}

/** The VietQR payload of a transfer to a bank account. */
export function vietQrPayload(transfer: VietQrTransfer): string {
  if (!/^\d{6}$/.test(transfer.bankBin)) throw new Error('bankBin must be 6 digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(transfer.accountNumber))
    throw new Error('accountNumber must be 1 to 19 letters or digits');
  if (transfer.purpose !== undefined && !/^[0-9A-Za-z ]{1,25}$/.test(transfer.purpose)) {
    throw new Error('purpose must be 1 to 25 letters, digits or spaces');
  }
  if (transfer.amount !== undefined && (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0)) {
    throw new Error('amount must be a positive whole number');
  }
  const beneficiary = field('00', transfer.bankBin) + field('01', transfer.accountNumber);
  const account =
    field('00', VIETQR_GUID) + field('01', beneficiary) + field('02', VIETQR_SERVICE_TO_ACCOUNT);
  const body =
    field('00', '01') +
    field('01', transfer.amount === undefined ? '11' : '12') +
    field('38', account) +
    field('53', CURRENCY_VND) +
    (transfer.amount === undefined ? '' : field('54', String(transfer.amount))) +
    field('58', 'VN') +
    (transfer.purpose === undefined ? '' : field('62', field('08', transfer.purpose))) +
    '6304';
  return body + crc16Ccitt(body);
}

/** Reads the top-level fields of an EMVCo payload (ID → value); throws when the layout is broken. */
export function parseEmvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let position = 0;
  while (position < payload.length) {
    const id = payload.slice(position, position + 2);
    const length = Number(payload.slice(position + 2, position + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || position + 4 + length > payload.length) {
      throw new Error(`broken EMVCo field at ${position}`);
    }
    fields.set(id, payload.slice(position + 4, position + 4 + length));
    position += 4 + length;
  }
  return fields;
}
