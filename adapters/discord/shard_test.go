package discord

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// A sharded replica identifies with its shard and leaves the commands to
// shard 0, which registers them once; an unsharded one names no shard; a
// shard outside its count is refused before connecting.
func TestShardsIdentifyAndOnlyShardZeroRegisters(t *testing.T) {
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	start := func(f *discordfake.Server, id, count int) {
		t.Helper()
		store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		svc := bot.New(store, games, bot.Options{NewSeed: fixedSeed, NewID: fixedID})
		a, err := New(Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: f.URL, ShardID: id, ShardCount: count}, svc, games, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		select {
		case <-f.Ready():
		case <-time.After(5 * time.Second):
			t.Fatal("no READY")
		}
	}
	f := discordfake.New(t)
	start(f, 1, 2)
	if got := fmt.Sprint(f.Shards()); got != "[[1 2]]" || len(f.Commands()) != 0 {
		t.Fatalf("shard 1 of 2: identified %s, %d command registrations", got, len(f.Commands()))
	}
	f0 := discordfake.New(t)
	start(f0, 0, 2)
	if got := fmt.Sprint(f0.Shards()); got != "[[0 2]]" || len(f0.Commands()) != 1 {
		t.Fatalf("shard 0 of 2: identified %s, %d command registrations", got, len(f0.Commands()))
	}
	plain := discordfake.New(t)
	start(plain, 0, 0)
	if got := fmt.Sprint(plain.Shards()); got != "[[0 1]]" || len(plain.Commands()) != 1 {
		t.Fatalf("unsharded: identified %s, %d command registrations", got, len(plain.Commands()))
	}
	for _, bad := range [][2]int{{2, 2}, {-1, 2}, {1, 0}} {
		if _, err := New(Config{Token: "t", ApplicationID: "app", ShardID: bad[0], ShardCount: bad[1]}, nil, games, slog.New(slog.DiscardHandler)); err == nil {
			t.Errorf("shard %d of %d accepted", bad[0], bad[1])
		}
	}
}
