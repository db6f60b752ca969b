package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// corruption is one damaged copy of a real database.
type corruption struct {
	name string
	make func(pristine []byte) []byte
}

// layout is where a bbolt file keeps what: its page size, its high-water
// mark, and each page's type (meta, freelist, branch, leaf, free).
type layout struct {
	pageSize int
	types    []string
}

func (l layout) pagesOf(kind string) []int {
	var ids []int
	for id, k := range l.types {
		if k == kind {
			ids = append(ids, id)
		}
	}
	return ids
}

// readLayout asks bbolt itself, read-only, what each page of a sound file is.
func readLayout(t *testing.T, path string) layout {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l := layout{pageSize: db.Info().PageSize}
	err = db.View(func(tx *bolt.Tx) error {
		for id := 0; ; id++ {
			p, err := tx.Page(id)
			if err != nil || p == nil {
				return err
			}
			l.types = append(l.types, p.Type)
			// The pages a large value overflows into carry no header.
			for i := 0; i < p.OverflowCount; i++ {
				l.types = append(l.types, "overflow")
				id++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// corruptions lays out the damage a file suffers: cut short at many
// offsets, pages zeroed, bytes flipped in the meta pages, the freelist and
// the branch and leaf pages, garbage, nothing at all.
func corruptions(size int, l layout, rnd *rand.Rand) []corruption {
	var cs []corruption
	ps := l.pageSize
	add := func(name string, f func([]byte) []byte) { cs = append(cs, corruption{name, f}) }
	cut := func(at int) {
		add(fmt.Sprintf("truncated at %d", at), func(b []byte) []byte { return append([]byte(nil), b[:at]...) })
	}
	zero := func(id int) {
		add(fmt.Sprintf("page %d (%s) zeroed", id, l.types[id]), func(b []byte) []byte {
			c := append([]byte(nil), b...)
			clear(c[id*ps : (id+1)*ps])
			return c
		})
	}
	flip := func(id, off int, what string) {
		add(fmt.Sprintf("page %d (%s): byte %d flipped (%s)", id, l.types[id], off, what), func(b []byte) []byte {
			c := append([]byte(nil), b...)
			c[id*ps+off] ^= 0xff
			return c
		})
	}

	add("0 bytes", func([]byte) []byte { return nil })
	add("random garbage", func([]byte) []byte {
		g := make([]byte, 64*1024)
		r := rand.New(rand.NewPCG(1, 2))
		for i := range g {
			g[i] = byte(r.Uint32())
		}
		return g
	})
	add("text", func([]byte) []byte { return []byte(strings.Repeat("definitely not bbolt ", 5000)) })

	hwm := len(l.types) * ps
	for _, at := range []int{1, 15, 16, 100, 1000, ps - 1, ps, ps + 1, ps + 64, 2*ps - 1, 2 * ps, 2*ps + 1, 3 * ps, hwm - ps, hwm - 1, hwm, hwm + 1, size - 1} {
		if at > 0 && at < size {
			cut(at)
		}
	}
	for range 30 {
		cut(1 + rnd.IntN(hwm))
	}

	for _, kind := range []string{"meta", "freelist", "branch"} {
		for _, id := range l.pagesOf(kind) {
			zero(id)
		}
	}
	leaves := l.pagesOf("leaf")
	for _, i := range rnd.Perm(len(leaves))[:min(25, len(leaves))] {
		zero(leaves[i])
	}
	if free := l.pagesOf("free"); len(free) > 0 {
		zero(free[0])
	}

	// A page's header: id 0..7, flags 8..9, count 10..11, overflow 12..15.
	header := map[int]string{0: "page id", 8: "flags", 10: "count", 11: "count high byte", 12: "overflow"}
	// A meta page: magic 16, version 20, page size 24, flags 28, root 32,
	// sequence 40, freelist 48, high-water mark 56, txid 64, checksum 72.
	meta := map[int]string{16: "magic", 20: "version", 24: "page size", 25: "page size", 28: "flags", 32: "root", 33: "root", 48: "freelist", 49: "freelist",
		56: "high-water mark", 57: "high-water mark", 64: "txid", 72: "checksum", 79: "checksum"}
	for _, id := range []int{0, 1} {
		for off, what := range header {
			flip(id, off, what)
		}
		for off, what := range meta {
			flip(id, off, what)
		}
	}
	add("both meta pages: magic flipped", func(b []byte) []byte {
		c := append([]byte(nil), b...)
		c[16] ^= 0xff
		c[ps+16] ^= 0xff
		return c
	})
	for _, id := range l.pagesOf("freelist") {
		for off, what := range header {
			flip(id, off, what)
		}
		flip(id, 16, "first free id")
		flip(id, 17, "first free id")
	}
	// An element: a branch's pos 0..3, ksize 4..7, pgid 8..15; a leaf's
	// flags 0..3, pos 4..7, ksize 8..11, vsize 12..15.
	branch := map[int]string{16: "pos", 20: "ksize", 24: "child pgid", 25: "child pgid high byte", 32 + 8: "second child pgid"}
	leaf := map[int]string{16: "bucket flag", 20: "pos", 21: "pos high byte", 24: "ksize", 28: "vsize", 29: "vsize high byte"}
	for _, id := range l.pagesOf("branch") {
		for off, what := range header {
			flip(id, off, what)
		}
		for off, what := range branch {
			flip(id, off, what)
		}
	}
	for _, i := range rnd.Perm(len(leaves))[:min(12, len(leaves))] {
		id := leaves[i]
		for off, what := range header {
			flip(id, off, what)
		}
		for off, what := range leaf {
			flip(id, off, what)
		}
		flip(id, ps-1-rnd.IntN(ps/2), "in the keys and values")
	}
	return cs
}

// outcome of one run of the binary on a damaged file.
type outcome int

const (
	cleanRun   outcome = iota // the file opened: bbolt could not tell
	cleanError                // exit non-zero with one line, file unchanged
	crash                     // a signal, a trace, or a hang
)

// A damaged database is refused by `kaleun play --jsonl`, `kaleun audit`
// and serve's opening path with one line naming the file and what to do,
// non-zero, and without a byte written to it; or, where bbolt cannot tell,
// it runs cleanly. Never a signal, never a goroutine trace.
func TestDamagedDatabasesGetOneClearLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real database and runs the binary ~800 times")
	}
	t.Parallel() // its files are its own; it waits on processes most of its minute
	bin, dir := kaleunBinary(t), t.TempDir()
	pristine, err := os.ReadFile(realDatabase(t, bin, dir))
	if err != nil {
		t.Fatal(err)
	}
	l := readLayout(t, filepath.Join(dir, "real.db"))
	cases := corruptions(len(pristine), l, rand.New(rand.NewPCG(7, 11)))

	// serve opens the database, then listens: an address in use stops it
	// right after a successful open, with a line that does not name the file.
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	// Two workers, each on its own file: a run is mostly a process starting
	// and stopping, so two overlap on two cores.
	const workers = 2
	type run struct {
		name  string
		args  []string
		stdin string
	}
	runsOf := func(w int) (string, []run) {
		file := filepath.Join(dir, fmt.Sprintf("damaged-%d.db", w))
		cfg := filepath.Join(dir, fmt.Sprintf("serve-%d.toml", w))
		os.WriteFile(cfg, []byte("[database]\npath = \""+file+"\"\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret_env = \"KALEUN_TEST_SECRET\"\nlisten = \""+busy.Addr().String()+"\"\napi_base = \"http://127.0.0.1:1/api\"\n"), 0o600)
		return file, []run{
			{"play", []string{"play", "--db", file, "--jsonl"}, "quit\n"},
			{"audit", []string{"audit", "--db", file}, ""},
			{"serve", []string{"serve", "--config", cfg}, ""},
		}
	}
	_, runs := runsOf(0)
	var mu sync.Mutex // guards counts, reasons and undetected
	counts := map[string]map[outcome]int{}
	reasons := map[string]int{}
	var undetected []string
	for _, r := range runs {
		counts[r.name] = map[outcome]int{}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range workers {
		file, runs := runsOf(w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := cases[i]
				damaged := c.make(pristine)
				for _, r := range runs {
					if err := os.WriteFile(file, damaged, 0o600); err != nil {
						t.Error(err)
						break
					}
					o, why := runOnDamaged(bin, r.args, r.stdin, file, damaged)
					mu.Lock()
					counts[r.name][o]++
					if o == cleanRun && r.name == "audit" {
						undetected = append(undetected, c.name)
					}
					if o == crash {
						reasons[strings.Fields(why)[0]]++
					}
					mu.Unlock()
					if o == crash {
						t.Errorf("%s, kaleun %s: %s", c.name, r.name, why)
					}
				}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	sort.Strings(undetected) // the workers finish in any order
	for _, r := range runs {
		k := counts[r.name]
		t.Logf("kaleun %s: %d damaged files: %d clean errors, %d clean runs, %d failures", r.name, len(cases), k[cleanError], k[cleanRun], k[crash])
	}
	t.Logf("failures by kind: %v", reasons)
	t.Logf("opened by audit (bbolt cannot tell: the other meta page serves, a byte of data, a free page, past the last page): %s", strings.Join(undetected, "; "))
}

// runOnDamaged runs the binary once and judges how it went.
func runOnDamaged(bin string, args []string, stdin, file string, damaged []byte) (outcome, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "KALEUN_TEST_SECRET=s")
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	msg := strings.TrimSpace(stderr.String())
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return crash, "hung"
	case errors.As(err, &exit) && exit.Sys().(syscall.WaitStatus).Signaled():
		return crash, fmt.Sprintf("killed by %v: %.300s", exit.Sys().(syscall.WaitStatus).Signal(), msg)
	case strings.Contains(msg, "goroutine ") || strings.Contains(msg, "fatal error"):
		return crash, fmt.Sprintf("a trace: %.300s", msg)
	case err == nil:
		return cleanRun, ""
	case err != nil && exit == nil:
		return crash, err.Error()
	}
	if strings.Count(msg, "\n") > 0 {
		return crash, fmt.Sprintf("%d lines: %.600s", strings.Count(msg, "\n")+1, msg)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(after, damaged) {
		return crash, "exit " + fmt.Sprint(exit.ExitCode()) + " but the file was written: " + msg
	}
	if !strings.Contains(msg, file) {
		// The file opened; the command failed later, cleanly (serve's
		// address in use, a game record that does not parse).
		return cleanRun, ""
	}
	if !strings.Contains(msg, "backup") && !strings.Contains(msg, "in use") {
		return crash, "the line does not say what to do: " + msg
	}
	// The damage in words, not bbolt's panic (issue 29, defect 6).
	if strings.Contains(msg, "panic") || strings.Contains(msg, "assertion failed") {
		return crash, "bbolt's panic text: " + msg
	}
	return cleanError, ""
}
