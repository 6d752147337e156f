import { type SecretBox, SecretBoxError } from './secret-box.ts';

/**
 * Sealing again, under the current key, the secrets a column holds (`npm run secrets:rotate`,
 * docs/decisions/034-secrets-at-rest.md): values under an older key, and legacy plaintext ones. A value
 * already under the current key is left as it is, so a second run changes nothing.
 */

/** One stored value of a column, as its repository reads it. */
export interface StoredSecret {
  /** The row, for messages (`operator <id>`); never the value. */
  where: string;
  /** What the value is bound to (its column and row). */
  context: string;
  stored: string;
  /** Writes `value` in its place if the row still holds `stored` (one conditional UPDATE); whether it did. */
  replace(value: string): Promise<boolean>;
}

/** A column of sealed secrets: its name (`operator.totp_secret`) and every value it holds. */
export interface SecretColumn {
  readonly name: string;
  stored(): Promise<StoredSecret[]>;
}

export interface ColumnRotation {
  column: string;
  /** Values moved from an older key to the current one. */
  resealed: number;
  /** Legacy plaintext values, now sealed. */
  encrypted: number;
  /** Values under the current key already: left as they were. */
  current: number;
  /** Values an operator changed while the rotation ran (left as the change wrote them). */
  changed: number;
  /** Values that do not open (a key missing from SECRET_KEYS, or altered): one message each. */
  unreadable: string[];
}

export async function rotateColumn(column: SecretColumn, secrets: SecretBox): Promise<ColumnRotation> {
  const result: ColumnRotation = {
    column: column.name,
    resealed: 0,
    encrypted: 0,
    current: 0,
    changed: 0,
    unreadable: [],
  };
  for (const secret of await column.stored()) {
    let plaintext: string;
    let keyId: string | undefined;
    try {
      plaintext = secrets.open(secret.stored, secret.context);
      keyId = secrets.keyIdOf(secret.stored);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      result.unreadable.push(`${column.name} of ${secret.where}: ${error.message}`);
      continue;
    }
    if (keyId === secrets.currentKeyId) {
      result.current += 1;
    } else if (!(await secret.replace(secrets.seal(plaintext, secret.context)))) {
      result.changed += 1;
    } else if (keyId === undefined) {
      result.encrypted += 1;
    } else {
      result.resealed += 1;
    }
  }
  return result;
}

/** The line of a column's rotation: `operator.totp_secret: 2 re-encrypted from older keys, …`. */
export function describeRotation(result: ColumnRotation, currentKeyId: string): string {
  const parts = [
    `${result.resealed} re-encrypted from older keys`,
    `${result.encrypted} encrypted (were plain text)`,
    `${result.current} already under key ${currentKeyId}`,
    ...(result.changed > 0 ? [`${result.changed} changed while rotating (run again)`] : []),
    ...(result.unreadable.length > 0 ? [`${result.unreadable.length} unreadable`] : []),
  ];
  return `${result.column}: ${parts.join(', ')}`;
}
