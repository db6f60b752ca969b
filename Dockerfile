# Kaleun: a static binary in a minimal image, run as a non-root user.
#   docker build -t kaleun .
#   docker run -v kaleun-data:/data -v $PWD/config.toml:/config/config.toml:ro \
#     -e KALEUN_DISCORD_TOKEN=... kaleun
# The config's database.path should point into the volume: "/data/kaleun.db".
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/kaleun ./cmd/kaleun
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
ENTRYPOINT ["/usr/local/bin/kaleun"]
CMD ["serve", "--config", "/config/config.toml"]
