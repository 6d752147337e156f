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
