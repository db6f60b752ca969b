module github.com/kaleun/kaleun

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/bwmarrin/discordgo v0.29.0
	github.com/gorilla/websocket v1.5.3
	github.com/moby/patternmatcher v0.6.1
	github.com/robfig/cron/v3 v3.0.1
	github.com/slack-go/slack v0.35.0
	go.etcd.io/bbolt v1.5.0
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	golang.org/x/crypto v0.0.0-20210421170649-83a5a9bb288b // indirect
	golang.org/x/text v0.43.0 // indirect
)
