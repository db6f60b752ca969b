package persist

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// filledDatabase is a closed database with a few hundred events: several
// pages of leaves under a branch, a freelist, pages past the first 8 KiB.
func filledDatabase(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for g := range 3 {
		r := rec(fmt.Sprintf("terminal/%d", g))
		for i := range 100 {
			ev := json.RawMessage(fmt.Sprintf(`{"text":"event %d of game %d, long enough to fill pages"}`, i, g))
			if err := s.Commit(t.Context(), r, []json.RawMessage{ev}); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Close()
	return path
}

// Each kind of bad file gets its own message naming the file and what to
// do, and not a byte of it is written.
func TestOpenRefusesBadFilesWithoutWritingThem(t *testing.T) {
	good := filledDatabase(t)
	pristine, _ := os.ReadFile(good)
	dir := t.TempDir()
	cases := []struct {
		name    string
		content []byte
		kind    error
		want    string
	}{
		{"empty.db", nil, ErrEmpty, "empty file (0 bytes)"},
		{"text.db", []byte(strings.Repeat("definitely not bbolt ", 500)), ErrDamaged, "not a kaleun database"},
		{"cut.db", pristine[:3*4096+100], ErrDamaged, "cut short"},
		{"short.db", pristine[:100], ErrDamaged, "cut short"},
		{"metas.db", func() []byte {
			b := bytes.Clone(pristine)
			b[16+56] ^= 1 // meta 0's checksum
			b[4096+16+56] ^= 1
			return b
		}(), ErrDamaged, "neither of its two header (meta) pages is valid"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.name)
		os.WriteFile(path, c.content, 0o600)
		for _, open := range []func(string) (*Store, error){Open, OpenReadOnly} {
			s, err := open(path)
			if err == nil {
				s.Close()
				t.Fatalf("%s: opened", c.name)
			}
			msg := err.Error()
			if !errors.Is(err, c.kind) || !strings.Contains(msg, c.want) || !strings.Contains(msg, path) || !strings.Contains(msg, "backup") || strings.Contains(msg, "\n") {
				t.Errorf("%s: %v", c.name, err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, c.content) {
				t.Errorf("%s: the file was written", c.name)
			}
		}
	}
}

// A missing file is a fresh database, made whole beside it and linked into
// place; opening a sound one writes nothing.
func TestOpenCreatesAMissingFileAndWritesNothingToASoundOne(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	if _, err := OpenReadOnly(path); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("read-only open of a missing file: %v", err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if names, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*")); len(names) != 1 {
		t.Fatalf("creating left %v", names)
	}
	before, _ := os.ReadFile(path)
	for _, open := range []func(string) (*Store, error){Open, OpenReadOnly} {
		s, err := open(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Games(t.Context()); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Fatal("opening a sound database wrote to it")
		}
	}
}

// A file another process (here another handle) has open to write is "in
// use", found without reading it meanwhile; readers share a file.
func TestOpenSaysInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, open := range []func(string) (*Store, error){Open, OpenReadOnly} {
		if _, err := open(path); !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), path) {
			t.Fatalf("want in use, got %v", err)
		}
	}
	w.Close()
	r1, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := OpenReadOnly(path)
	if err != nil {
		t.Fatalf("two readers: %v", err)
	}
	r2.Close()
}

// Should a file change between the check and bbolt's mapping, the fault
// on a page past its end is a recovered panic, not a SIGBUS: openBolt on a
// file cut short just before its freelist page (the check skipped) returns
// an error. bbolt maps the file in powers of two, so the freelist page lies
// inside the mapping but past the end of the file: reading it faults.
func TestOpenBoltRecoversAFaultOnAMappedPage(t *testing.T) {
	path := filledDatabase(t)
	f, _ := os.Open(path)
	info, _ := f.Stat()
	c := &fileChecker{f: f, size: info.Size(), seen: map[uint64]bool{}}
	m, err := c.meta()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	cut := int64(m.freelist)*c.pageSize - 1
	mapped := int64(32 * 1024)
	for mapped < cut {
		mapped *= 2
	}
	if mapped < int64(m.freelist+1)*c.pageSize {
		t.Fatalf("the freelist (page %d) would lie outside the mapping of %d bytes: change the test's database", m.freelist, mapped)
	}
	b, _ := os.ReadFile(path)
	for _, readOnly := range []bool{false, true} {
		os.WriteFile(path, b[:cut], 0o600)
		db, err := openBolt(path, readOnly)
		if err == nil {
			db.Close()
			t.Fatal("a file cut short opened")
		}
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "faulted") {
			t.Fatalf("readOnly %v: %v", readOnly, err)
		}
	}
}

// A database named without a directory ("kaleun.db", as a config in a
// systemd unit's WorkingDirectory may name it) was created, and backed up,
// through a temporary file in the system's temporary directory, then linked
// into place: that fails when /tmp is another file system (a tmpfs,
// systemd's PrivateTmp) or is not there. The temporary file goes beside the
// database, in the working directory.
func TestABareNameIsCreatedAndBackedUpInTheWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("TMPDIR", filepath.Join(dir, "no-such-tmp"))
	s, err := Open("kaleun.db")
	if err != nil {
		t.Fatalf("creating kaleun.db in the working directory with no temporary directory: %v", err)
	}
	defer s.Close()
	if _, err := s.Backup(context.Background(), "copy.db"); err != nil {
		t.Fatalf("backing up to copy.db in the working directory: %v", err)
	}
	for _, name := range []string{"kaleun.db", "copy.db"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*-*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left behind: %v", left)
	}
}

// setBoltSchema writes a schema version into a closed bbolt file, as a
// kaleun of that version would have.
func setBoltSchema(t *testing.T, path, version string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketSchema)
		if err != nil {
			return err
		}
		return b.Put(schemaVersionKey, []byte(version))
	}); err != nil {
		t.Fatal(err)
	}
}

// A bbolt file recorded no version of its layout, so a kaleun could not
// tell a file a newer kaleun had laid out differently, and wrote to it.
// A file now records its version: opened to write, an older file (none) is
// brought to this kaleun's; a newer one is refused by both opens in the
// line PostgreSQL's refusal uses, and left byte for byte as it was.
func TestABoltFileOfANewerSchemaIsRefusedUntouched(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var v int
	s.kv.(*boltKV).db.View(func(tx *bolt.Tx) (err error) { v, err = boltSchema(tx); return })
	s.Close()
	if v != BoltSchemaVersion {
		t.Fatalf("a fresh file records schema version %d, not %d", v, BoltSchemaVersion)
	}

	setBoltSchema(t, path, strconv.Itoa(BoltSchemaVersion+1))
	before, _ := os.ReadFile(path)
	for name, open := range map[string]func(string) (*Store, error){"Open": Open, "OpenReadOnly": OpenReadOnly} {
		_, err := open(path)
		want := fmt.Sprintf("database %s has schema version %d, newer than this kaleun's %d: run the kaleun that last used it, or a newer one", path, BoltSchemaVersion+1, BoltSchemaVersion)
		if !errors.Is(err, ErrSchemaNewer) || err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s of a newer file: %v; want one line starting %q", name, err, want)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("the refused file was written to")
	}

	setBoltSchema(t, path, "two")
	if _, err := Open(path); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), `its schema version is "two", not a number`) {
		t.Errorf("a file with a garbled version: %v", err)
	}
}

// A file of a kaleun from before the version (no schema bucket) opened to
// read is not written to; opened to write, it is brought to this kaleun's
// version, its games kept.
func TestAnOlderBoltFileIsBroughtUpToDateOnlyWhenOpenedToWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketSchema) }) // as an older kaleun left it
	db.Close()
	before, _ := os.ReadFile(path)
	r, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a read-only open wrote to the older file")
	}
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var v int
	w.kv.(*boltKV).db.View(func(tx *bolt.Tx) (err error) { v, err = boltSchema(tx); return })
	w.Close()
	if v != BoltSchemaVersion {
		t.Fatalf("opened to write, the older file records version %d", v)
	}
}
