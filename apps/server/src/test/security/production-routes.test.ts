import { tmpdir } from 'node:os';
import { providerReportCalls } from '@kl/contracts/provider-report';
import { sandboxProviderCalls } from '@kl/contracts/sandbox-provider';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { buildTestApp, PRODUCTION_TEST_ENV } from '../app.ts';
import { describeEachDatabase, useTestDatabase } from '../databases.ts';

/**
 * A production site serves no route of the stand-ins for outside parties
 * (docs/decisions/036-sandboxes-process.md): they run in the sandboxes process, never started in production.
 */
describeEachDatabase('a production configuration', (kind) => {
  const database = useTestDatabase(kind);

  describe('the sandbox routes', () => {
    it('answers 404 under /api/sandbox-provider and /api/sandbox-gateway, and has no payment gateway', async () => {
      const config = loadConfig(PRODUCTION_TEST_ENV, tmpdir());
      expect(config).toMatchObject({ sandboxProvider: false, paymentGatewayUrl: undefined });
      const app = await buildTestApp(database.current, { config: { ...config, logLevel: 'silent' } });
      try {
        // The provider's own calls (served by the sandboxes process), and the gateway's old pay call.
        const sandboxCalls = [
          ...Object.values(sandboxProviderCalls),
          ...Object.values(providerReportCalls),
        ].map((entry) => ({ method: entry.method, url: entry.path }));
        expect(sandboxCalls.length).toBeGreaterThan(5);
        const paths = [
          ...sandboxCalls,
          { method: 'POST' as const, url: '/api/sandbox-gateway/pay' },
          { method: 'GET' as const, url: '/api/sandbox-provider/report?day=2030-01-01' },
        ];
        for (const { method, url } of paths) {
          const response = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
      } finally {
        await app.close();
      }
    });
  });
});
