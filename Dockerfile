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

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/kaleun /usr/local/bin/kaleun
VOLUME ["/data"]
WORKDIR /data
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/kaleun"]
CMD ["serve", "--config", "/config/config.toml"]
