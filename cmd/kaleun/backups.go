package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"sync"
	"time"

	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// backups are the serving bot's own copies of its database. bbolt locks the
// file exclusively while kaleun serves, so no other process can read it,
// not even `kaleun backup` (which asks for a shared lock); the serving
// process copies it in a read transaction instead, games going on.
//
// Copies are named kaleun-YYYYMMDD-HHMMSS.db (UTC) when made on schedule,
// with -asked before .db when a server manager asked for one in chat; the
// newest keep of each kind are kept, so a manager asking again and again
// cannot push the scheduled ones out.
type backups struct {
	store *persist.Store
	dir   string
	keep  int
	log   *slog.Logger
	now   func() time.Time
	// metrics counts the backups that fail (nil: none).
	metrics *ops.Metrics

	mu        sync.Mutex // one copy at a time
	lastAsked time.Time
}

// askedEvery is how often a manager may ask for a backup.
const askedEvery = 10 * time.Minute

var backupName = regexp.MustCompile(`^kaleun-(\d{8}-\d{6})(-asked)?\.db$`)

const stampLayout = "20060102-150405"

// write makes one backup, scheduled or asked for, then deletes the oldest
// of its kind beyond keep.
func (b *backups) write(ctx context.Context, asked bool) (persist.BackupInfo, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	suffix := ""
	if asked {
		suffix = "-asked"
	}
	info, err := b.store.Backup(ctx, filepath.Join(b.dir, "kaleun-"+b.now().UTC().Format(stampLayout)+suffix+".db"))
	if err != nil {
		return info, err
	}
	b.log.Info("backup written and checked", "path", info.Path, "bytes", info.Bytes, "running", info.Running, "finished", info.Finished, "asked", asked)
	names := b.list(asked)
	for len(names) > b.keep {
		if err := os.Remove(filepath.Join(b.dir, names[0])); err != nil {
			b.log.Warn("deleting an old backup", "err", err)
		}
		names = names[1:]
	}
	return info, nil
}

// list names the backups of one kind in dir, oldest first.
func (b *backups) list(asked bool) []string {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if m := backupName.FindStringSubmatch(e.Name()); m != nil && (m[2] != "") == asked {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

// newest is when the newest scheduled backup was made (zero: none yet).
func (b *backups) newest() time.Time {
	names := b.list(false)
	if len(names) == 0 {
		return time.Time{}
	}
	t, _ := time.Parse(stampLayout, backupName.FindStringSubmatch(names[len(names)-1])[1])
	return t
}

// asked answers a manager's `backup` command (bot.Options.Backup).
func (b *backups) asked(ctx context.Context) (string, error) {
	b.mu.Lock()
	now := b.now().UTC()
	if !b.lastAsked.IsZero() && now.Sub(b.lastAsked) < askedEvery {
		next := b.lastAsked.Add(askedEvery)
		b.mu.Unlock()
		return fmt.Sprintf("A backup was written at %s UTC; ask again from %s UTC. The bot also writes one every so often by itself.", b.lastAsked.Format("15:04"), next.Format("15:04")), nil
	}
	b.lastAsked = now
	b.mu.Unlock()
	info, err := b.write(ctx, true)
	if err != nil {
		b.log.Error("a backup asked for in chat failed", "err", err)
		b.metrics.Error(ops.ErrBackup)
		return "The backup failed; the bot's log says why. Nothing else was changed.", nil
	}
	return fmt.Sprintf("Backup written and checked: %s (%d KiB, %d running and %d finished games), in the operator's backup directory.",
		filepath.Base(info.Path), (info.Bytes+1023)/1024, info.Running, info.Finished), nil
}

// start writes a backup every `every`, counting from the newest one on
// disk so that restarts neither skip nor repeat one (a bot restarting in a
// loop must not push its history out), until ctx ends. stop waits for a
// backup under way.
func (b *backups) start(ctx context.Context, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		retry := min(every, 10*time.Minute)
		for {
			wait := time.Until(b.newest().Add(every))
			select {
			case <-ctx.Done():
				return
			case <-time.After(max(wait, 0)):
			}
			if _, err := b.write(ctx, false); err != nil {
				b.log.Error("scheduled backup failed", "err", err, "retry_in", retry.String())
				b.metrics.Error(ops.ErrBackup)
				select {
				case <-ctx.Done():
					return
				case <-time.After(retry):
				}
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
