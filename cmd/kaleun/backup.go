package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/kaleun/kaleun/persist"
)

// runBackup writes a checked copy of a database no process has open to
// write. A serving bot holds its file's lock exclusively: it writes its
// own backups ([backup] in its config, or a manager's `backup` command).
func runBackup(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "./kaleun.db", "database file, or a PostgreSQL URL (postgres://…)")
	out := fs.String("out", "", "the copy to write (a new file)")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *out == "" {
		fmt.Fprintln(stderr, "kaleun backup: --out COPY is required (a new file)")
		return 2
	}
	if err := statDB(*db); err != nil {
		fmt.Fprintf(stderr, "kaleun backup: %s: %v\n", *db, err)
		return 2
	}
	store, err := openDB(context.Background(), *db, true)
	if errors.Is(err, persist.ErrInUse) {
		fmt.Fprintf(stderr, "kaleun backup: %s is open in another kaleun process, which bbolt lets no other process read: a serving bot writes its own backups (set [backup] dir in its config, or a server manager uses the backup command); quit a terminal game first\n", *db)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "kaleun backup:", err)
		return 1
	}
	defer store.Close()
	// Interrupted, the copy stops and leaves nothing under --out.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	info, err := store.Backup(ctx, *out)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: %d bytes, %d running and %d finished games; reopened and checked\n", info.Path, info.Bytes, info.Running, info.Finished)
	return 0
}
