package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/kaleun/kaleun/persist"
)

// runMigrate moves a community from one database to another: a bbolt file
// to PostgreSQL (or back). The source is opened to read only, so a serving
// bot's file is refused until it stops; the destination must hold no game.
// Everything is copied in one transaction, then every game's log is read
// back from the destination and held to its head in the source.
func runMigrate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the database to copy: bbolt:FILE, or a PostgreSQL URL")
	to := fs.String("to", "", "the empty database to fill: a PostgreSQL URL (postgres://…), or bbolt:FILE")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *from == "" || *to == "" {
		fmt.Fprintln(stderr, "kaleun migrate: --from and --to are required, e.g. kaleun migrate --from bbolt:kaleun.db --to postgres://kaleun@db.example/kaleun")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	src, err := openMigrated(ctx, *from, true)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun migrate: --from:", err)
		return 1
	}
	defer src.Close()
	dst, err := openMigrated(ctx, *to, false)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun migrate: --to:", err)
		return 1
	}
	defer dst.Close()
	info, err := persist.Copy(ctx, dst, src)
	if err == nil {
		err = sameLogs(ctx, dst, src)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kaleun migrate:", err)
		return 1
	}
	fmt.Fprintf(stdout, "copied %s to %s: %d running and %d finished games, %d log entries, %d tournaments, %d players' preferences; every game's log read back ends at its head\n",
		src.Path(), dst.Path(), info.Running, info.Finished, info.Events, info.Tournaments, info.Players)
	return 0
}

// openMigrated opens bbolt:FILE or a PostgreSQL URL. A bbolt source must
// exist; a bbolt destination is created.
func openMigrated(ctx context.Context, spec string, source bool) (*persist.Store, error) {
	if persist.IsPostgresURL(spec) && source {
		return persist.OpenPostgresReadOnly(ctx, spec)
	}
	if persist.IsPostgresURL(spec) {
		return persist.OpenPostgres(ctx, spec)
	}
	file, ok := strings.CutPrefix(spec, "bbolt:")
	if !ok {
		return nil, fmt.Errorf("%q is neither bbolt:FILE nor a postgres:// URL", spec)
	}
	if source {
		if _, err := os.Stat(file); err != nil {
			return nil, err
		}
		return persist.OpenReadOnly(file)
	}
	return persist.Open(file)
}

// sameLogs reads every game's log back from dst: as many entries as the
// game's record counts, each as in src, the last one's hash its head.
func sameLogs(ctx context.Context, dst, src *persist.Store) error {
	running, err1 := src.Games(ctx)
	finished, err2 := src.Finished(ctx)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	for _, g := range append(running, finished...) {
		want, err := src.Events(ctx, g.ID, 1, 0)
		if err != nil {
			return err
		}
		got, err := dst.Events(ctx, g.ID, 1, 0)
		if err != nil {
			return err
		}
		if len(got) != len(want) || uint64(len(got)) != g.Seq {
			return fmt.Errorf("game %s: %d log entries copied of %d", g.ID, len(got), len(want))
		}
		for i := range got {
			if got[i].Hash != want[i].Hash || string(got[i].Event) != string(want[i].Event) {
				return fmt.Errorf("game %s: log entry %d differs in the copy", g.ID, i+1)
			}
		}
		if len(got) > 0 && got[len(got)-1].Hash != g.Head {
			return fmt.Errorf("game %s: the copied log does not end at its head %s", g.ID, g.Head)
		}
	}
	return nil
}
