# syntax=docker/dockerfile:1
#
# The Acquire bot, compiled, on Node 24. Of the two LTS lines with Debian bookworm images,
# 24 is the newer (LTS since October 2025, supported until April 2028); 22 ends in April 2027.
#
#   docker build -t acquire-bot .
#   docker run -d --env-file .env -v acquire-data:/data acquire-bot
#
# See compose.yaml for the bot beside PostgreSQL.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: dependencies with node-canvas compiled if need be, Prisma client, tsc -----------
FROM ${NODE_IMAGE} AS build
# node-canvas downloads a prebuilt binary when one exists for this Node and platform, and
# compiles itself otherwise: that needs a compiler, python for node-gyp and the headers.
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 pkg-config \
      libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Dependencies first: this layer is rebuilt only when the lockfile changes. native/ holds the
# bot's own small addon (glibc's malloc_trim), a dependency that npm ci builds with the rest.
COPY package.json package-lock.json ./
COPY native ./native
RUN npm ci
COPY . .
# The Prisma client is generated into src/store/generated and compiled with the rest;
# `npm run build` compiles src/ and commands/ to dist/src and dist/commands.
RUN npm run generate && npm run build
# What the bot needs at run time: no compiler, no Prisma CLI, no test tools.
RUN npm prune --omit=dev

# ---- run: the compiled bot with only the shared libraries node-canvas links to -------------
FROM ${NODE_IMAGE} AS run
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libjpeg62-turbo libgif7 librsvg2-2 \
 && rm -rf /var/lib/apt/lists/*
# NODE_OPTIONS: V8 sizes the young generation from the memory it sees, and from Node 22 on up
# to 64 MB a half on a machine of 16 GB or more (Node 20: 16 MB): on Node 24 the bot then held
# 360 MB with 1,000 live games, against about 280 on Node 20. At 8 MB: 283 and 285 MB, and no more
# CPU a move (npm run bench:load with BENCH_BOT_NODE naming a Node 24, 2026-11-28; README,
# "Speed and size under load"); without it and the rest of the tuning, 369 and 421 MB against
# 510 and 506 (2026-12-04, docs/performance.md). A start-up flag: V8 sizes its heap once.
ENV NODE_ENV=production \
    DATA_DIR=/data/pglite \
    HEALTH_PORT=8080 \
    NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app
# The compiled tree keeps the source layout (src/, commands/, prisma/ side by side), so
# src/store/migrate.js finds prisma/migrations where src/store/migrate.ts does.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/native ./native
COPY --from=build /app/dist/src ./src
COPY --from=build /app/dist/commands ./commands
COPY --from=build /app/prisma ./prisma
# The embedded database (used when DATABASE_URL is unset) lives in /data, owned by the
# unprivileged `node` user of the official image.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
# src/bot/health.ts: 200 once the bot is online and its database answers. The start period
# covers migrations and the gateway login.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (no npm in between), so `docker stop`'s SIGTERM reaches the bot, which
# finishes the clicks in flight and exits. It applies pending migrations at every start.
# --expose-gc: the full collection the bot makes when a busy spell ends (src/heap.ts).
CMD ["node", "--expose-gc", "src/main.js"]
