# gm's image: `docker build -t gm .` (compose.yaml builds it). It serves `gm serve` on 0.0.0.0:8000
# (the HTTP API, the pages and MCP at /mcp, one process tree) and needs REDIS_URL (a redis:// server, or redis+cluster:// for a Redis Cluster): the embedded
# server (the `embedded` extra) is left out of the image.
# The build stage compiles the games' inner loops (setup.py: mypyc, gcc) into the wheel; the
# image itself carries no compiler.
FROM python:3.12-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md LICENSE ./
COPY gm ./gm
RUN pip install --no-cache-dir --disable-pip-version-check wheel \
    && pip wheel --no-cache-dir --no-deps -w /wheels .

FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY --from=build /wheels /wheels
RUN pip install /wheels/*.whl && rm -rf /wheels \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin gm

# GET /version reports it: docker build --build-arg GM_GIT_COMMIT=$(git rev-parse HEAD) .
ARG GM_GIT_COMMIT=""
ENV GM_GIT_COMMIT=${GM_GIT_COMMIT} \
    GM_HOST=0.0.0.0 \
    PORT=8000

USER gm
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=2)"]
CMD ["gm", "serve"]
