import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { type DatabaseTarget, databaseTarget } from './db.ts';

/**
 * What an operator command (`npm run ledger:check`, `merchant:create`, `seed:demo`) works on: the
 * configuration the server would read and its database, described without the URL (it holds the
 * password). Undefined, having written every configuration error, when the configuration is wrong.
 */
export function commandTarget(
  env: Record<string, string | undefined>,
  cwd: string | undefined,
  write: (line: string) => void,
): { config: AppConfig; target: DatabaseTarget; where: string } | undefined {
  let config: AppConfig;
  try {
    config = loadConfig(env, cwd);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of error.toLines()) write(line);
    return undefined;
  }
  const target = databaseTarget(config);
  const where = target.kind === 'pglite' ? `PGlite at ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  return { config, target, where };
}
