/**
 * Database errors the services recognise, the same on PGlite and PostgreSQL (the driver's error, or its
 * cause, carries the SQLSTATE code).
 */

/** The name of the unique constraint a database error violated, if it is a unique violation. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/**
 * A refusal raised by one of the money path's database functions (SQLSTATE class KL, the message its
 * reason; docs/decisions/038-money-functions.md).
 */
export function functionRefusal(error: unknown): { code: string; reason: string } | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && code.startsWith('KL')) return { code, reason: current.message };
  }
  return undefined;
}

/**
 * Whether a database error is a statement ended by a deadline of the wallet's (docs/decisions/070-provider-replay-window.md):
 * cancelled past its `statement_timeout` (SQLSTATE 57014, query_canceled; or by an operator), or refused a row
 * lock it waited for longer than its `lock_timeout` (55P03, lock_not_available).
 */
export function pastDeadline(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: unknown };
    if (code === '57014' || code === '55P03') return true;
  }
  return false;
}

/** The rows of a statement run with `execute`, the same on PGlite and node-pg. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A PostgreSQL array literal (account references, amounts, lottery selection keys): one parameter, not a
 * list. An element with a comma, a brace, a quote, a backslash or a space, an empty one or one read as
 * NULL, is written quoted.
 */
export const arrayLiteral = (values: readonly (string | bigint)[]): string =>
  `{${values
    .map((value) => {
      const text = String(value);
      return /^$|[,{}"\\\s]|^null$/i.test(text) ? `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"` : text;
    })
    .join(',')}}`;
