import type { OutboxKind } from '@kl/contracts/platform';
import { devOutbox } from '../db/schema/index.ts';
import type { DbOrTx } from './db.ts';

/** A message the site would send to a person: an SMS code, an e-mail, or the answer of a captcha. */
export interface OutboxMessage {
  kind: OutboxKind;
  /** Mobile number, e-mail address, or the captcha id. */
  to: string;
  /** The code the person has to type back (or the link's token); empty for a notice. */
  code: string;
  /** The full text as it would be sent. */
  text: string;
}

/**
 * Where messages to people go. The development implementation records them in the `dev_outbox` table,
 * readable at GET /api/dev/outbox when DEV_OUTBOX is on; a real SMS or mail gateway implements the same
 * interface. `tx` lets a caller record the message in the transaction that created the code.
 */
export interface OutboxSender {
  send(message: OutboxMessage, tx?: DbOrTx): Promise<void>;
}

export function createDevOutboxSender(db: DbOrTx): OutboxSender {
  return {
    async send(message, tx) {
      await (tx ?? db).insert(devOutbox).values(message);
    },
  };
}
