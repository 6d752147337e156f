/**
 * The API baseline of the benchmark (tools/perf/README.md): a Fastify instance with one route and
 * nothing else, on a loopback port given as the first argument. Run from the repository root, it uses
 * the same Fastify the server does. Prints "listening <port>" when ready.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
const address = await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
