package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"testing"
)

// playFirstOptions runs `kaleun play --jsonl` with args and answers the first
// option of every prompt, at most max prompts (0: until the game ends), then
// quits. It returns the lines printed, and fails the test on an error line.
func playFirstOptions(t *testing.T, bin string, args []string, max int) []jsonLine {
	t.Helper()
	cmd := exec.Command(bin, append(append([]string{"play"}, args...), "--jsonl")...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []jsonLine
	prompts := 0
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l jsonLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not JSON: %s", sc.Text())
		}
		if l.Type == "error" {
			t.Fatalf("play %v: error: %s", args, l.Message)
		}
		lines = append(lines, l)
		if l.Type != "prompt" {
			continue
		}
		prompts++
		if max > 0 && prompts > max {
			fmt.Fprintln(in, "quit")
			break
		}
		fmt.Fprintln(in, l.Options[0].Key)
	}
	in.Close()
	io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("play %v: %v", args, err)
	}
	return lines
}

// realDatabase plays, with the real binary, a whole Type VIIC career to its
// end (archived) and a second one 30 decisions in (the game in progress): a
// database with the pages a player's file has.
func realDatabase(t *testing.T, bin, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "real.db")
	lines := playFirstOptions(t, bin, []string{"--db", db, "--seed", "abcd", "--boat", "VIIC"}, 0)
	if lines[len(lines)-1].Type != "end" {
		t.Fatalf("the first career did not end: %+v", lines[len(lines)-1])
	}
	playFirstOptions(t, bin, []string{"--db", db, "--seed", "beef", "--boat", "IXB"}, 30)
	return db
}
