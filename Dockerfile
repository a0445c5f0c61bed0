# One image for the scaled mode (docker-compose.yml): the api, which serves the built
# storefront and admin, and the workers, which run the same code with another command.
FROM node:20-bookworm-slim

WORKDIR /app
ENV CI=true ASTRO_TELEMETRY_DISABLED=1

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY core/package.json core/
COPY api/package.json api/
COPY workers/package.json workers/
COPY server/package.json server/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
COPY loadtests/package.json loadtests/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build -w @vag/storefront && npm run build -w @vag/admin \
  && mkdir -p /app/data && chown node:node /app/data

ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
# SERVER_NODE_FLAGS of infra/lib/node-flags.ts, for the api and the workers' containers.
ENV NODE_OPTIONS=--max-semi-space-size=64
USER node
EXPOSE 3000
# `node --import tsx` is `npx tsx` without the extra processes in between, so the api
# itself receives docker's SIGTERM and shuts down cleanly.
CMD ["node", "--import", "tsx", "server/src/main.ts"]
