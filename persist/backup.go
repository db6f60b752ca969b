package persist

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// BackupInfo describes a backup written and checked.
type BackupInfo struct {
	Path  string
	Bytes int64
	// Running and Finished count the games in the copy.
	Running, Finished int
}

// Backup writes a consistent copy of the database to path, which must not
// exist yet, and checks it. The copy is bbolt's Tx.WriteTo in a read
// transaction, so games go on meanwhile and the copy is the database as of
// one moment. It is written to a temporary file beside path, synced, opened
// as OpenReadOnly opens a file (every page read, bbolt's consistency check)
// and its games listed; only then is it linked to path, so that path never
// holds half a copy or an unchecked one.
//
// A done ctx stops the copy between its writes (bbolt's WriteTo takes no
// context): nothing is linked to path then.
func (s *Store) Backup(ctx context.Context, path string) (BackupInfo, error) {
	info := BackupInfo{Path: path}
	b, ok := s.kv.(*boltKV)
	if !ok {
		return s.backupToFile(ctx, path)
	}
	if _, err := os.Lstat(path); err == nil {
		return info, fmt.Errorf("backup %s: %w: choose another name", path, fs.ErrExist)
	}
	dir, base := besideSplit(path)
	tmp, err := os.CreateTemp(dir, base+".part-*")
	if err != nil {
		return info, fmt.Errorf("backup %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	err = ctx.Err()
	if err == nil {
		err = b.db.View(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(ctxWriter{ctx, tmp})
			return err
		})
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return info, fmt.Errorf("backup %s: writing: %w", path, err)
	}
	if info.Running, info.Finished, err = countGames(ctx, tmp.Name()); err != nil {
		return info, fmt.Errorf("backup %s: the copy does not check out, so it was not kept: %w", path, err)
	}
	if err := os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
		return info, fmt.Errorf("backup %s: %w: choose another name", path, fs.ErrExist)
	} else if err != nil {
		// No hard links on this file system: rename.
		if err := os.Rename(tmp.Name(), path); err != nil {
			return info, fmt.Errorf("backup %s: %w", path, err)
		}
	}
	if d, err := os.Open(filepath.Clean(dir)); err == nil {
		d.Sync()
		d.Close()
	}
	if st, err := os.Stat(path); err == nil {
		info.Bytes = st.Size()
	}
	return info, nil
}

// countGames opens a copy as a reader and counts its games.
func countGames(ctx context.Context, path string) (running, finished int, err error) {
	c, err := OpenReadOnly(path)
	if err != nil {
		return 0, 0, err
	}
	defer c.Close()
	r, err1 := c.Games(ctx)
	f, err2 := c.Finished(ctx)
	return len(r), len(f), errors.Join(err1, err2)
}

// ctxWriter stops a copy between its writes once ctx is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// backupToFile is a PostgreSQL database's backup: a bbolt file, as a
// bbolt database's backup is, its buckets copied from one read transaction
// (Copy), then checked and linked into place as Backup does.
func (s *Store) backupToFile(ctx context.Context, path string) (BackupInfo, error) {
	info := BackupInfo{Path: path}
	if _, err := os.Lstat(path); err == nil {
		return info, fmt.Errorf("backup %s: %w: choose another name", path, fs.ErrExist)
	}
	dir, base := besideSplit(path)
	tmpDir, err := os.MkdirTemp(dir, base+".part-*")
	if err != nil {
		return info, fmt.Errorf("backup %s: %w", path, err)
	}
	defer os.RemoveAll(tmpDir)
	tmp := filepath.Join(tmpDir, base)
	dst, err := Open(tmp)
	if err != nil {
		return info, fmt.Errorf("backup %s: %w", path, err)
	}
	_, err = Copy(ctx, dst, s)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return info, fmt.Errorf("backup %s: writing: %w", path, err)
	}
	if info.Running, info.Finished, err = countGames(ctx, tmp); err != nil {
		return info, fmt.Errorf("backup %s: the copy does not check out, so it was not kept: %w", path, err)
	}
	if err := os.Link(tmp, path); errors.Is(err, fs.ErrExist) {
		return info, fmt.Errorf("backup %s: %w: choose another name", path, fs.ErrExist)
	} else if err != nil {
		if err := os.Rename(tmp, path); err != nil {
			return info, fmt.Errorf("backup %s: %w", path, err)
		}
	}
	if d, err := os.Open(filepath.Clean(dir)); err == nil {
		d.Sync()
		d.Close()
	}
	if st, err := os.Stat(path); err == nil {
		info.Bytes = st.Size()
	}
	return info, nil
}
