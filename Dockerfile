# syntax=docker/dockerfile:1
# The site's container (docs/deployment.md): built from the repository, running the release
# (docs/decisions/039-release.md) on Node 24 LTS as a user without privileges.
#
#   docker build -t kimlong .
#   docker run --read-only --tmpfs /tmp -v kimlong-data:/data -p 8080:8080 --env-file kimlong.env kimlong
#
# The file system can be read-only: the process writes only to /data (the embedded database when no
# DATABASE_URL is given) and /tmp.

# ── Build: every dependency, the web apps and the compiled server ─────────────────────────────────────
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY apps/sandboxes/package.json apps/sandboxes/
COPY packages/contracts/package.json packages/contracts/
COPY packages/signing/package.json packages/signing/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ── Run: the release with production dependencies only ────────────────────────────────────────────────
FROM node:24-bookworm-slim AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data/db
WORKDIR /app
COPY --from=build /src/release/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
    && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM ends requests in flight, the schedulers and the database connections, then exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/main.js"]
