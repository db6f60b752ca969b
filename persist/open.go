package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Kinds of error Open returns (wrapped in a message for the player).
var (
	// ErrDamaged: the file is not a sound database; nothing was written to it.
	ErrDamaged = errors.New("database damaged")
	// ErrEmpty: the file exists and is empty. A missing file is a fresh
	// database; an empty one may be what is left of someone's games.
	ErrEmpty = errors.New("database file empty")
	// ErrInUse: another process has the file open to write.
	ErrInUse = errors.New("database in use")
)

// restoreAdvice is what to do about a damaged or empty file.
const restoreAdvice = "restore your latest backup over it (docs/operators/backups.md)"

// openError is one line for the player, and a kind for the caller.
type openError struct {
	kind error
	msg  string
}

func (e *openError) Error() string { return e.msg }
func (e *openError) Unwrap() error { return e.kind }

func damagedError(path, why string) error {
	why = inWords(why)
	if len(why) > 200 {
		why = why[:200] + "…"
	}
	return &openError{ErrDamaged, fmt.Sprintf("%s is damaged (%s); it was left untouched: %s, or use another database file", path, why, restoreAdvice)}
}

// bbolt's assertions, as its panics word them, and what each means.
var (
	misplacedPage = regexp.MustCompile(`Page expected to be: (\d+), but self identifies as (\d+)`)
	unknownPage   = regexp.MustCompile(`page (\d+): has unexpected type/flags`)
	freelistBad   = regexp.MustCompile(`can't get freelist page`)
	inlinePage    = regexp.MustCompile(`page ID \((\d+)\) isn't 0 for an inline bucket`)
)

// inWords says what bbolt found, in words: its consistency check's findings
// ("page 5: unreachable unfreed") are words already, but a panic of one of
// its assertions is a programmer's message ("panic: assertion failed: page
// 1: has unexpected type/flags: 4"), which tells an operator nothing.
func inWords(why string) string {
	if !strings.Contains(why, "assertion failed") && !strings.HasPrefix(why, "panic: ") {
		return why
	}
	if m := misplacedPage.FindStringSubmatch(why); m != nil {
		return fmt.Sprintf("page %s is not where it should be: its header says it is page %s (overwritten or moved)", m[1], m[2])
	}
	if m := unknownPage.FindStringSubmatch(why); m != nil {
		return fmt.Sprintf("page %s is of no kind a database has (its header is overwritten)", m[1])
	}
	if freelistBad.MatchString(why) {
		return "the list of its free pages points to a page that is not one"
	}
	if m := inlinePage.FindStringSubmatch(why); m != nil {
		return fmt.Sprintf("a bucket stored inline points to page %s", m[1])
	}
	return "a page is not what the pages that point to it expect"
}

func inUseError(path string) error {
	return &openError{ErrInUse, fmt.Sprintf("database %s is in use by another kaleun process: stop it first (a serving bot makes its own backups: docs/operators/backups.md)", path)}
}

// buckets are the top-level buckets every database has.
var buckets = [][]byte{bucketGames, bucketEvents, bucketArchive, bucketDue, bucketDueLeases, bucketSchedule, bucketPlayers, bucketTournaments, bucketTournamentPlaces, bucketIDs, bucketMeta, bucketPosted, bucketSeen, bucketSeenExpiry, bucketSchema, bucketPlayerGames, bucketFollows, bucketPace, bucketWebhooks, bucketWebhookGames, bucketWebhookOutbox}

// bucketSchema holds the version of a bbolt file's layout under
// schemaVersionKey, as decimal digits. It is the file's own, not its games':
// Copy does not carry it to another database (PostgreSQL keeps its own in
// schema_version), and a backup, a copy of the file, keeps it.
var (
	bucketSchema     = []byte("schema")
	schemaVersionKey = []byte("version")
)

// BoltSchemaVersion is the layout of a bbolt file this kaleun makes and
// reads. 1: the buckets above with their indexes complete (a file without a
// version is older, and is brought to 1 when opened to write); 2: the
// running games indexed by player too (bucketPlayerGames), which a kaleun
// of 1 would not keep up to date. A kaleun that
// changes the layout so that an older one would misread it raises this, and
// an older one then refuses the file instead of writing to it.
const BoltSchemaVersion = 2

// boltSchema is the version a file records: 0 when it records none.
func boltSchema(tx *bolt.Tx) (int, error) {
	b := tx.Bucket(bucketSchema)
	if b == nil {
		return 0, nil
	}
	v := b.Get(schemaVersionKey)
	if v == nil {
		return 0, nil
	}
	n, err := strconv.Atoi(string(v))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("its schema version is %q, not a number", v)
	}
	return n, nil
}

// checkBoltSchema refuses, before anything is written, a file whose layout
// is newer than this kaleun's, in the line PostgreSQL's refusal uses.
func checkBoltSchema(db *bolt.DB, path string) error {
	var have int
	err := db.View(func(tx *bolt.Tx) (err error) {
		have, err = boltSchema(tx)
		return err
	})
	switch {
	case err != nil:
		return damagedError(path, err.Error())
	case have > BoltSchemaVersion:
		return &openError{ErrSchemaNewer, fmt.Sprintf("database %s has schema version %d, newer than this kaleun's %d: run the kaleun that last used it, or a newer one (docs/operators/upgrades.md); it was left untouched", path, have, BoltSchemaVersion)}
	}
	return nil
}

// Open opens the database file to read and write, creating it if it does
// not exist. An existing file is checked before bbolt maps it into memory
// (a page past the end of a mapped file is a SIGBUS no recover can catch),
// then with bbolt's own consistency check: a damaged, empty or foreign
// file, or one in use by another process, gives an error that says so and
// what to do, and is not written to.
func Open(path string) (*Store, error) { return open(path, false) }

// OpenReadOnly opens an existing database only to read it, with the same
// checks as Open. Readers share the file with each other, but not with a
// process that has it open to write (bbolt's flock: shared for readers,
// exclusive for a writer).
func OpenReadOnly(path string) (*Store, error) { return open(path, true) }

func open(path string, readOnly bool) (*Store, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !readOnly:
		// A missing file is a fresh database.
		if err := create(path); err != nil {
			return nil, fmt.Errorf("creating database %s: %w", path, err)
		}
	case err != nil:
		return nil, fmt.Errorf("database %s: %w", path, err)
	case info.IsDir():
		return nil, fmt.Errorf("database %s is a directory, not a file", path)
	case info.Size() == 0:
		return nil, &openError{ErrEmpty, fmt.Sprintf("%s is an empty file (0 bytes), not a database: kaleun will not start afresh over what may have been your games; if it held games, %s; to start afresh, delete it", path, restoreAdvice)}
	default:
		if err := inspect(path); err != nil {
			return nil, err
		}
	}
	db, err := openBolt(path, readOnly)
	if err != nil {
		return nil, err
	}
	if err := checkBoltSchema(db, path); err != nil {
		db.Close()
		return nil, err
	}
	b := &boltKV{db: db, path: path}
	if !readOnly {
		if err := b.ensureBuckets(); err != nil {
			db.Close()
			return nil, fmt.Errorf("preparing database %s: %w", path, err)
		}
	}
	return &Store{kv: b}, nil
}

// create makes a fresh database at path as one step: bbolt writes its
// first pages into a temporary file beside it, which is then linked into
// place. A kill while creating leaves no file or a whole one, never the
// empty file Open refuses (and at worst a stray temporary file).
func create(path string) error {
	dir, base := besideSplit(path)
	tmp, err := os.CreateTemp(dir, base+".new-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	tmp.Close()
	defer os.Remove(name)
	db, err := bolt.Open(name, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return err
	}
	err = (&boltKV{db: db, path: name}).ensureBuckets()
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(name, path); err != nil && !errors.Is(err, fs.ErrExist) {
		// No hard links on this file system: rename, which could replace a
		// database another process created at the same moment.
		if err := os.Rename(name, path); err != nil {
			return err
		}
	}
	if d, err := os.Open(filepath.Clean(dir)); err == nil {
		d.Sync() // the new name survives a crash
		d.Close()
	}
	return nil
}

// besideSplit is filepath.Split for a temporary file made beside path: a
// bare name's directory is ".", not "" (which os.CreateTemp reads as the
// system's temporary directory, often another file system, where the link
// into place fails; and under systemd's PrivateTmp, or in a distroless
// image, it may not be there to write at all).
func besideSplit(path string) (dir, base string) {
	dir, base = filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	return dir, base
}

// inspect checks an existing file with plain reads, under a shared lock so
// that no other process writes it meanwhile.
func inspect(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("database %s: %w", path, err)
	}
	defer f.Close()
	if err := lockShared(f, time.Second); err != nil {
		if errors.Is(err, errLocked) {
			return inUseError(path)
		}
		return fmt.Errorf("database %s: %w", path, err)
	}
	err = checkFile(f)
	var d *errDamage
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errNotBolt):
		return &openError{ErrDamaged, fmt.Sprintf("%s is not a kaleun database (no bbolt header) and was left untouched: check the path; if it was your database, %s", path, restoreAdvice)}
	case errors.As(err, &d):
		return damagedError(path, d.why)
	}
	return fmt.Errorf("database %s: %w", path, err)
}

// openBolt opens the file with bbolt and runs bbolt's full consistency
// check. It runs with panic-on-fault, so that should the file change under
// it after inspect, a fault on a mapped page is a panic that is recovered
// into an error, not the death of the process.
func openBolt(path string, readOnly bool) (db *bolt.DB, err error) {
	var file *os.File
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if db != nil {
				db.Close()
			} else if file != nil {
				// bbolt panicked inside Open. Its memory map keeps the file,
				// and so the lock, alive after a close: unlock it first.
				unlock(file)
				file.Close()
			}
			why := fmt.Sprint(r)
			if _, fault := r.(interface{ Addr() uintptr }); fault {
				why = "a page it points to is not in the file: reading it faulted"
			}
			db, err = nil, damagedError(path, why)
		}
	}()
	opts := &bolt.Options{Timeout: time.Second, ReadOnly: readOnly, PreLoadFreelist: true,
		OpenFile: func(name string, flag int, mode os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, mode)
			file = f
			return f, err
		}}
	db, err = bolt.Open(path, 0o600, opts)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, bolt.ErrTimeout):
			return nil, inUseError(path)
		case errors.As(err, &pe):
			return nil, fmt.Errorf("database %s: %w", path, err)
		}
		return nil, damagedError(path, err.Error())
	}
	if err := check(db); err != nil {
		db.Close()
		return nil, damagedError(path, err.Error())
	}
	return db, nil
}

// check runs bbolt's consistency check over the whole file and returns its
// first finding. It reads every error the check reports: the check runs in
// a goroutine of its own that must not be left blocked on the database.
func check(db *bolt.DB) error {
	return db.View(func(tx *bolt.Tx) error {
		var first error
		for e := range tx.Check() {
			if first == nil {
				first = e
			}
		}
		return first
	})
}

// ensureBuckets creates the buckets a database lacks (a fresh one, or one
// from an older kaleun, whose indexes of the finished games it fills), and writes
// nothing when none is missing.
func (s *boltKV) ensureBuckets() error {
	missing := false
	s.db.View(func(tx *bolt.Tx) error {
		missing = tx.Bucket(bucketLastFinished) == nil || tx.Bucket(bucketArchivePlaces) == nil || !idsIndexed(boltTx{tx}) ||
			tx.Bucket(bucketMeta) == nil || tx.Bucket(bucketMeta).Get(playerGamesComplete) == nil || tx.Bucket(bucketMeta).Get(linkSecretKey) == nil
		for _, b := range buckets {
			missing = missing || tx.Bucket(b) == nil
		}
		v, _ := boltSchema(tx)
		missing = missing || v < BoltSchemaVersion
		return nil
	})
	if !missing {
		return nil
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		for _, b := range buckets {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		if err := indexIDs(boltTx{tx}); err != nil {
			return err
		}
		if err := indexArchivePlaces(tx); err != nil {
			return err
		}
		if err := indexLastFinished(tx); err != nil {
			return err
		}
		if err := indexPlayerGames(boltTx{tx}); err != nil {
			return err
		}
		if err := ensureLinkSecret(boltTx{tx}); err != nil {
			return err
		}
		// Last, in the same transaction: the version says the layout is
		// complete only when it is.
		return tx.Bucket(bucketSchema).Put(schemaVersionKey, []byte(strconv.Itoa(BoltSchemaVersion)))
	})
}
