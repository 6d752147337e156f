import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from './errors.ts';

/**
 * The static files of the pages the server renders itself (live chat, withdrawal approval): read once at
 * start, each with a short digest of its content as its version. A page links `?v=<version>`, which is
 * cached for good; any other address of the file is revalidated.
 */

const TYPES = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
} as const;

interface PageAsset {
  body: string;
  type: string;
  version: string;
}

export interface PageAssets {
  /** The address of a file, with its version. */
  url(file: string): string;
  /** Serves the files under the prefix (404 for any other name, and for all of them unless `enabled`). */
  register(app: FastifyInstance, enabled?: boolean): void;
}

/** The files (names ending .css or .js) of the folder `folder` (a file: URL), served under `prefix`. */
export function pageAssets(folder: URL, prefix: string, files: readonly string[]): PageAssets {
  const assets = new Map<string, PageAsset>();
  for (const file of files) {
    const body = readFileSync(new URL(file, folder), 'utf8');
    const type = TYPES[file.slice(file.lastIndexOf('.') + 1) as keyof typeof TYPES];
    if (!type) throw new Error(`no content type for the page asset ${file}`);
    assets.set(file, {
      body,
      type,
      version: createHash('sha256').update(body).digest('base64url').slice(0, 12),
    });
  }
  return {
    url: (file) => `${prefix}${file}?v=${assets.get(file)?.version ?? ''}`,
    register(app, enabled = true) {
      app.get(`${prefix}:file`, { schema: { hide: true } }, async (request, reply) => {
        const { file } = request.params as { file: string };
        const asset = enabled ? assets.get(file) : undefined;
        if (!asset) throw new DomainError('NOT_FOUND');
        const version = (request.query as Record<string, unknown> | undefined)?.v;
        const current = (Array.isArray(version) ? version[0] : version) === asset.version;
        return reply
          .type(asset.type)
          .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
          .send(asset.body);
      });
    },
  };
}

/** Text for HTML, safe in an element and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Answers a rendered page, never cached (its texts and settings may change). */
export function sendPage(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
