# One image for the api and the worker (docker-compose.yml picks the command).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src src
COPY migrations migrations
# The build script (compiles aside, then swaps into dist/); the other scripts are dev tools.
COPY scripts/build.mjs scripts/build.mjs
# Production dependencies only. `npm prune` keeps two dev tools that other packages name: typescript
# (an optional peer of @nestjs/swagger and cosmiconfig, for build-time plugins and .ts config files)
# and prettier (a dependency of nest-commander's shell-completion add-on, which the cli does not
# enable); neither is loaded at run time, so they go too. Loading every module of the api and the
# cli then proves nothing that runs needed them.
RUN npm run build \
 && npm prune --omit=dev \
 && rm -rf node_modules/typescript node_modules/prettier node_modules/.bin/tsc node_modules/.bin/tsserver node_modules/.bin/prettier \
 && node --input-type=module -e "for (const m of ['app.module', 'database/database.commands', 'modules/api-keys/api-key.commands']) await import('./dist/src/' + m + '.js');"

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
# The embedded database (no DATABASE_URL) lives in DATA_DIR, ./data by default: writable by the
# user the image runs as, so a plain `docker run` can create it (and a volume mounted there starts
# with this owner). The code and its dependencies stay root's, read-only to the app.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# As `npm start`: a young generation of 2 × 16 MiB (Node 24's default grows it to 128 MiB), and an
# old generation that grows by half its live size between full collections, which keep a loaded api
# near 250 MiB instead of letting garbage take it towards 400 (bench/README.md).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "dist/src/main.js"]
