package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// A line of 1 MiB or more used to end `kaleun play` silently, exit 0, with
// all later input dropped. The real binary refuses the line with one short
// error and reads on, at the setup questions, in the terminal and in JSONL.
func TestPlayRefusesAnOverlongLineAndReadsOn(t *testing.T) {
	bin := kaleunBinary(t)
	huge := strings.Repeat("A", 1<<20)
	for _, c := range []struct {
		name  string
		args  []string
		input string
		after string // what only a line after the long one brings
	}{
		{"jsonl", []string{"--jsonl", "--seed", "c0ffee", "--boat", "VIIC"}, huge + "\nstatus\n", `"type":"view"`},
		{"terminal", []string{"--seed", "c0ffee", "--boat", "VIIC"}, huge + "\nstatus\n", "== U-"},
		{"setup", []string{"--seed", "c0ffee"}, huge + "\nVIIC\n\n\n\n\nstatus\n", "== U-"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, append([]string{"play", "--db", filepath.Join(t.TempDir(), "k.db")}, c.args...)...)
			cmd.Stdin = strings.NewReader(c.input)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			out := stdout.String()
			if n := strings.Count(out, "is longer than the limit"); n != 1 {
				t.Fatalf("want one error for the long line, got %d:\n%.3000s", n, out)
			}
			if strings.Contains(out, strings.Repeat("A", 100)) {
				t.Fatal("the long line is echoed back")
			}
			if !strings.Contains(out, c.after) {
				t.Fatalf("the line after the long one was not read:\n%.3000s", out)
			}
			if c.name == "jsonl" {
				for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
					var m map[string]any
					if err := json.Unmarshal([]byte(line), &m); err != nil {
						t.Fatalf("not JSON: %.200q", line)
					}
				}
			}
		})
	}
}

// openPTY opens a pseudo-terminal pair: what is written to the second is
// read from the first.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

// `kaleun play tonnagewar` on a terminal clears the screen and its
// scrollback when the keyboard passes; into a pipe it writes no escapes.
func TestPlayTonnageWarClearsATerminalOnly(t *testing.T) {
	run := func(stdout *os.File) {
		args := []string{"tonnagewar", "--db", filepath.Join(t.TempDir(), "tw.db"), "--seed", "07", "--name", "Prien", "--opponent", "Walker"}
		var stderr bytes.Buffer
		if code := runPlay(args, strings.NewReader("\nquit\n"), stdout, &stderr); code != 0 {
			t.Errorf("exit %d: %s", code, stderr.String())
		}
		stdout.Close()
	}
	read := func(r *os.File) chan string {
		got := make(chan string, 1)
		go func() { b, _ := io.ReadAll(r); got <- string(b) }() // a pty's master ends in EIO
		return got
	}

	master, slave := openPTY(t)
	defer master.Close()
	screen := read(master)
	run(slave)
	out := <-screen
	clear := strings.Index(out, "\x1b[H\x1b[2J\x1b[3J")
	if clear < 0 || clear > strings.Index(out, "Prien to play") || !strings.Contains(out, "Your hand, Prien") {
		t.Fatalf("on a terminal, the hand-over must clear the screen and the scrollback first:\n%q", out)
	}

	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	piped := read(pr)
	run(pw)
	if out := <-piped; strings.Contains(out, "\x1b") || !strings.Contains(out, "Your hand, Prien") {
		t.Fatalf("into a pipe: no escape codes, the same game:\n%q", out)
	}
}
