import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type BackgroundJob, runModuleJobs, type ServerModule } from './module.ts';

describe("modules' background jobs", () => {
  it('start when the app is ready and stop as it closes (the last started first) before the database closes, each once; a module may have none', async () => {
    const happened: string[] = [];
    const job = (name: string): BackgroundJob => ({
      start: () => void happened.push(`start ${name}`),
      stop: async () => void happened.push(`stop ${name}`),
    });
    const register = async () => undefined;
    const modules: ServerModule[] = [
      { register, jobs: () => [job('draws'), job('settlements')] },
      { register },
      { register, jobs: () => [] },
    ];
    const app = Fastify();
    runModuleJobs(app, modules);
    // As the server closes its database: a hook added after the jobs'.
    app.addHook('onClose', async () => void happened.push('database closed'));
    expect(happened).toEqual([]);
    await app.ready();
    expect(happened).toEqual(['start draws', 'start settlements']);
    await app.close();
    expect(happened).toEqual([
      'start draws',
      'start settlements',
      'stop settlements',
      'stop draws',
      'database closed',
    ]);
  });
});
