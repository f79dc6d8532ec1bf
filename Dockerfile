# One image, every role: `docker run IMAGE api | stage NAME | scheduler | all`.
# The build steps are scripts/build.sh, which the test suite also runs and starts from dist/;
# test/unit/docker-image.test.ts checks this file, .dockerignore and docker-compose.yml.
#
# Node 24, the Active LTS line, in both stages: Node 20 reached end of life on 2026-04-30 and gets
# no more security fixes. The code itself still supports Node 20.19+ (package.json `engines`), and
# CI and the development machines run it on 20, so the image is one LTS line ahead of CI on purpose:
# what ships gets security fixes, and nothing in the code needs more than 20.19.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY pipeline ./pipeline
COPY console ./console
RUN bash scripts/build.sh && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
# The code and its dependencies belong to root: the service cannot rewrite what it runs. It runs as
# the image's non-root user `node`, which owns only .data/, where a process without DATABASE_URL
# keeps its embedded archive (EMBEDDED_DATABASE_DIR, default .data/pg; mount a volume there to keep it).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8080
# API processes answer /health on PORT; worker processes on METRICS_PORT.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.METRICS_PORT||process.env.PORT)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "dist/src/main.js"]
CMD ["all"]
