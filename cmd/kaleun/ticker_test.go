package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/persist"
)

// recordingNotifier keeps notices; the first call panics, as a broken
// adapter might.
type recordingNotifier struct {
	mu       sync.Mutex
	calls    int
	notices  []bot.Notice
	panicked bool
}

func (r *recordingNotifier) Notify(_ context.Context, n bot.Notice) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	if !r.panicked {
		r.panicked = true
		panic("a broken adapter")
	}
	r.notices = append(r.notices, n)
	return nil
}

// The ticker delivers what is due, survives a panicking adapter, and keeps
// ticking.
func TestTickerDeliversAndSurvivesPanics(t *testing.T) {
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	svc := bot.New(store, games, bot.Options{Reminders: []time.Duration{time.Millisecond}, Deadline: time.Hour})
	here := bot.Place{Platform: "discord", Space: "g", Channel: "c"}
	start := func(ch string) {
		p := here
		p.Channel = ch
		r, err := svc.Command(t.Context(), p, bot.User{ID: "u1", Name: "Prien"}, "hunters", "new", map[string]string{"boat": "VIIC"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Click(t.Context(), p, bot.User{ID: "u1", Name: "Prien"}, r.Public[0].Options[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	start("c1")
	start("c2")
	rec := &recordingNotifier{}
	stop := startTicker(t.Context(), svc, 20*time.Millisecond, map[string]notifier{"discord": rec}, slog.New(slog.DiscardHandler), nil)
	deadline := time.Now().Add(5 * time.Second)
	for {
		rec.mu.Lock()
		n := len(rec.notices)
		rec.mu.Unlock()
		if n >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no notice delivered after the panic (calls %d)", rec.calls)
		}
		start(fmt.Sprintf("c%d", time.Now().UnixNano())) // a new reminder for the next tick
		time.Sleep(30 * time.Millisecond)
	}
	stop()
}
