// Package safefile reads the files kaleun reads on an operator's behalf
// (its configuration, a content pack's files, a dice script, an audit file
// given to verify) so that no file can hang, exhaust or leak through the
// process: only a regular file is read, never a device, a FIFO or a socket,
// and never more than a stated limit. A pack's files are read through Dir,
// which also refuses anything outside the pack's directory (an os.Root).
//
// Each refusal is one line that names the file and quotes nothing of what
// it holds.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The limits, each far above what such a file holds (docs/operators/serve.md,
// "Files kaleun reads"): a full pack file is some tens of KB, a configuration a few KB, a
// career's audit file well under 1 MiB.
const (
	MiB           = 1 << 20
	ConfigLimit   = 1 * MiB
	PackFileLimit = 1 * MiB
	DiceLimit     = 1 * MiB
	AuditLimit    = 64 * MiB
)

// Error is a refused file: Path is the file as given, Why what is wrong
// with it, in words.
type Error struct {
	Path string
	Why  string
	// Kind is ErrTooLarge or ErrNotRegular, for errors.Is.
	Kind error
}

func (e *Error) Error() string { return "file " + e.Path + " " + e.Why }
func (e *Error) Unwrap() error { return e.Kind }

var (
	// ErrTooLarge: the file is larger than its limit.
	ErrTooLarge = errors.New("file too large")
	// ErrNotRegular: a device, FIFO, socket or directory; or, in a Dir, a
	// path or a link leading out of it.
	ErrNotRegular = errors.New("not a regular file")
)

func tooLarge(path string, limit int64) error {
	return &Error{Path: path, Why: fmt.Sprintf("is larger than %s (kaleun's limit for such a file)", size(limit)), Kind: ErrTooLarge}
}

func size(n int64) string {
	if n%MiB == 0 {
		return fmt.Sprintf("%d MiB", n/MiB)
	}
	return fmt.Sprintf("%d bytes", n)
}

func notRegular(path string, mode fs.FileMode) error {
	what := "not a regular file"
	switch {
	case mode.IsDir():
		what = "a directory"
	case mode&fs.ModeNamedPipe != 0:
		what = "a FIFO (named pipe)"
	case mode&fs.ModeDevice != 0:
		what = "a device"
	case mode&fs.ModeSocket != 0:
		what = "a socket"
	}
	return &Error{Path: path, Why: "is " + what + ", not a regular file: kaleun reads only regular files", Kind: ErrNotRegular}
}

// ReadFile reads a regular file of at most limit bytes. A symbolic link is
// followed (the operator named the file), but what it leads to must be a
// regular file too.
func ReadFile(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	// The mode is checked before the file is opened: opening a FIFO waits
	// for a writer, for ever.
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpen(f, path, limit)
}

// readOpen checks the opened file again (it may have been replaced since
// its Stat) and reads at most limit bytes of it.
func readOpen(f *os.File, path string, limit int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	if fi.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	// The size may grow while reading: read one byte past the limit to know.
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, tooLarge(path, limit)
	}
	return b, nil
}

// Dir is a directory whose regular files are read, each up to a limit, and
// nothing outside it: neither a path with "..", nor a symbolic link that
// leads out (os.Root refuses both). It is an fs.FS, for fs.ReadFile and
// fs.ReadDir.
type Dir struct {
	root  *os.Root
	limit int64
	// shown is the directory as given, for messages.
	shown string
}

// OpenDir opens dir; Close it when done.
func OpenDir(dir string, limit int64) (*Dir, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Dir{root: r, limit: limit, shown: dir}, nil
}

// Close releases the directory.
func (d *Dir) Close() error { return d.root.Close() }

func (d *Dir) outside(name string) error {
	return &Error{Path: name, Why: "leads out of " + d.shown + " (a link or a path outside it): kaleun reads only the regular files inside it", Kind: ErrNotRegular}
}

// ReadFile reads the regular file name of the directory (fs.ReadFileFS).
func (d *Dir) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, d.outside(name)
	}
	fi, err := d.root.Stat(name)
	if err != nil {
		return nil, d.explain(name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(name, fi.Mode())
	}
	f, err := d.root.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, d.explain(name, err)
	}
	defer f.Close()
	return readOpen(f, name, d.limit)
}

// ReadDir lists a directory of it (fs.ReadDirFS).
func (d *Dir) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, d.outside(name)
	}
	f, err := d.root.Open(name)
	if err != nil {
		return nil, d.explain(name, err)
	}
	defer f.Close()
	return f.ReadDir(-1)
}

// Open opens a directory to list it; a file is read with ReadFile only,
// never through an open handle that could reach a FIFO.
func (d *Dir) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, d.outside(name)
	}
	fi, err := d.root.Stat(name)
	if err != nil {
		return nil, d.explain(name, err)
	}
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("read it with ReadFile")}
	}
	return d.root.Open(name)
}

// explain turns os.Root's refusal of a path out of the directory into one
// line; a missing file stays fs.ErrNotExist.
func (d *Dir) explain(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if strings.Contains(err.Error(), "escapes") {
		return d.outside(name)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("file %s: %w", filepath.Join(d.shown, name), pe.Err)
	}
	return err
}
