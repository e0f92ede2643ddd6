# syntax=docker/dockerfile:1
# The portal's container image (docs/operations.md, ADR 046). Build from the repository root:
#   docker build -t nestling-portal --build-arg GIT_COMMIT="$(git rev-parse HEAD)" .

# --- Build: install everything, build the web app, assemble what the server needs ---
FROM node:24-bookworm-slim AS build
WORKDIR /src
# The manifests first, so that a change to the sources alone reuses the installed packages.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/lab-client/package.json packages/lab-client/
RUN npm ci
COPY . .
# release-tree.mjs copies the server's sources, migrations, the web build and the server's
# production dependencies (as package-lock.json resolves them) into /release; the final stage
# copies that folder and nothing else. `npm run release:tree` does the same outside a container.
RUN npm run build && node scripts/release-tree.mjs /release

# --- Run: Node and the release tree, as the unprivileged `node` user ---
FROM node:24-bookworm-slim
# The commit the image is built from, shown by the health answers; empty shows none.
ARG GIT_COMMIT=""
# TSX_DISABLE_CACHE: tsx would otherwise keep compiled sources in a cache under /tmp (and fail
# to start on a read-only /tmp). With it off, the server writes to DATA_DIR only.
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data \
    GIT_COMMIT=${GIT_COMMIT} \
    TSX_DISABLE_CACHE=1
WORKDIR /app
COPY --from=build /release /app
# Owned by root, so the server cannot change its own code; DATA_DIR belongs to `node`.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Node's own fetch: the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
