package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// ReadFile reads a regular file within its limit, a link to one too, and
// refuses a FIFO, a device, a directory and a file one byte over.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok")
	os.WriteFile(ok, []byte("12345"), 0o600)
	link := filepath.Join(dir, "link")
	os.Symlink(ok, link)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{ok, link} {
		if b, err := ReadFile(p, 5); err != nil || string(b) != "12345" {
			t.Fatalf("%s: %q %v", p, b, err)
		}
	}
	if _, err := ReadFile(ok, 4); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "is larger than 4 bytes") {
		t.Fatalf("one byte over: %v", err)
	}
	for _, p := range []string{fifo, "/dev/zero", dir} {
		if _, err := ReadFile(p, MiB); !errors.Is(err, ErrNotRegular) {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), MiB); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing: %v", err)
	}
}

// A Dir reads its own files and links among them, and refuses a path or a
// link out of it, quoting nothing of where it leads.
func TestDirStaysInside(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(outside, []byte("root:secret"), 0o600)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.yaml"), []byte("a: 1"), 0o600)
	os.Symlink("a.yaml", filepath.Join(dir, "b.yaml"))
	os.Symlink(outside, filepath.Join(dir, "out.yaml"))
	d, err := OpenDir(dir, MiB)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, name := range []string{"a.yaml", "b.yaml"} {
		if b, err := fs.ReadFile(d, name); err != nil || string(b) != "a: 1" {
			t.Fatalf("%s: %q %v", name, b, err)
		}
	}
	for _, name := range []string{"out.yaml", "../secret", "/etc/passwd"} {
		_, err := fs.ReadFile(d, name)
		if !errors.Is(err, ErrNotRegular) || strings.Contains(err.Error(), "secret") && name == "out.yaml" {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if entries, err := fs.ReadDir(d, "."); err != nil || len(entries) != 3 {
		t.Fatalf("ReadDir: %v %v", entries, err)
	}
}
