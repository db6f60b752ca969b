# Kaleun: a static binary in a minimal image, run as a non-root user.
#   docker build --build-arg KALEUN_VERSION="$(git describe --tags --always --dirty)" -t kaleun .
#   docker run -v kaleun-data:/data -v "$PWD/config:/config:ro" \
#     -e KALEUN_DISCORD_TOKEN=... kaleun
# WORKDIR is the volume, /data: the default database.path ("./kaleun.db")
# already lands on it. docs/operators/docker.md says what else to set.
#
# The build image is go.mod's Go exactly (a test holds the two together), and
# GOTOOLCHAIN=local keeps go from fetching another toolchain at build time.
FROM golang:1.26.8-bookworm AS build
ENV GOTOOLCHAIN=local CGO_ENABLED=0
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# .dockerignore keeps .git out of the context, so Go records no revision:
# the version is stamped from the build argument (empty: `kaleun version`
# says none was).
ARG KALEUN_VERSION=
# The verifier that runs in the reader's browser ([web]): kaleun verify built
# for GOOS=js from this source, embedded in the binary (docs/operators/web.md).
RUN go generate ./internal/web
RUN go build -trimpath -ldflags="-s -w -X main.version=${KALEUN_VERSION}" -o /out/kaleun ./cmd/kaleun
# The data directory, made here (the runtime image has no shell) and owned by
# the user the image runs as: a fresh named volume takes the ownership of the
# image's directory, and a directory that WORKDIR made would be root's.
RUN mkdir -p /out/data && chmod 0755 /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/kaleun /usr/local/bin/kaleun
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME ["/data"]
WORKDIR /data
# nonroot in the distroless image; numeric, so that runAsNonRoot can check it.
USER 65532:65532
# No shell in the image: exec form, kaleun asking its own /healthz at the
# config's ops.listen (set one, e.g. "127.0.0.1:9090": it is asked from
# inside the container). Its own timeout (5 s) is within Docker's.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/kaleun", "healthcheck", "--config", "/config/config.toml"]
ENTRYPOINT ["/usr/local/bin/kaleun"]
CMD ["serve", "--config", "/config/config.toml"]
