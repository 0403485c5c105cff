# One image for the api and the worker (docker-compose.yml picks the command).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src src
COPY migrations migrations
COPY scripts scripts
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
USER node
EXPOSE 3000
# As `npm start`: the old generation grows by half its live size between full collections, which
# keeps a loaded api near 250 MiB instead of letting garbage take it towards 400 (bench/README.md).
CMD ["node", "--heap-growing-percent=50", "dist/src/main.js"]
