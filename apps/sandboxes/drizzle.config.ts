import { defineConfig } from 'drizzle-kit';

/** Generates the sandbox provider's SQL migrations from its schema (`npm run db:generate -w @kl/sandboxes`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
