import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { buildTestApp, testConfig } from './test/app.ts';
import { openDataDirCopy, useTestDatabase } from './test/databases.ts';

/** Whether a new connection to the port is accepted, or the error code it meets. */
function connectionTo(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('graceful close', () => {
  // Vitest's fetch keeps connections alive, like a browser.
  const database = useTestDatabase('pglite', { seed: false });

  it('lets a request in flight finish before closing', async () => {
    const app = await buildTestApp(database.current);
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      app.get('/api/test/slow', { config: { moduleId: 'COMM3' } }, async () => {
        resolveStarted();
        await new Promise<void>((resolve) => (release = resolve));
        return { success: true, value: 'finished' };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then(async (response) => ({
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.text(),
    }));
    await started;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    // Closing has begun once the server refuses new connections (the port closed, or a connection that
    // reached it during the close dropped); the request in flight still holds it open.
    let outcome: string;
    do outcome = await connectionTo(port);
    while (outcome === 'accepted');
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome);
    expect(closed).toBe(false);

    release();
    // The answer also tells the client to drop its keep-alive connection, or closing would wait for it.
    expect(await inFlight).toEqual({
      status: 200,
      connection: 'close',
      body: '{"success":true,"value":"finished"}',
    });
    await closing;
    expect(closed).toBe(true);
  });
});

describe('startServer', () => {
  const dataRoot = mkdtempSync(join(tmpdir(), 'kl-server-'));
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

  it('prepares the embedded database under a nested DATA_DIR, listens, and closes it again', async () => {
    const config = testConfig({ port: 0, dataDir: join(dataRoot, 'a', 'b', 'db') });
    const server = await startServer(config, { logger: false });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    await server.close();

    // Closed cleanly: the same folder opens again.
    const again = await startServer(config, { logger: false });
    expect((await fetch(`${again.url}/api/status`)).status).toBe(200);
    await again.close();
  });

  it('refuses to start for a merchant the database does not have', async () => {
    // A copy of the run's seeded database, the demo merchant's only (a first start is the test above).
    const dataDir = join(dataRoot, 'other');
    await (await openDataDirCopy(dataDir, 'seeded')).close();
    const config = testConfig({ port: 0, dataDir, merchantCode: 'nobody', seedDemo: false });
    await expect(startServer(config, { logger: false })).rejects.toThrow('Merchant nobody does not exist');
  });
});
