# syntax=docker/dockerfile:1
# XemChung production image: one node of docs/deploy.md. The server is TypeScript run directly by Node 24
# (type stripping), so the only build step is the web app. Written to the Docker documentation's conventions;
# it is not built on the development machine, which has no access to an image registry.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY packages/protocol packages/protocol
COPY apps/web apps/web
RUN npm run build

FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev && npm cache clean --force
COPY packages/protocol/src packages/protocol/src
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR holds the SQLite file of a single-node setup; with DATABASE_URL it stays empty.
RUN mkdir /app/data && chown node:node /app/data
USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
EXPOSE 3000
# Liveness only (/healthz); load balancers route on readiness (/readyz: database and Redis reachable).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/src/main.ts"]
