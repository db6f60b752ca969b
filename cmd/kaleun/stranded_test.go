package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// strandLikeBefore puts a database's one finished game back in its place,
// as kaleun did before a game's end and its archiving were one transaction
// and a kill came between the two: the record (Over) under its place in
// "games", its id in "game_ids", nothing in "archive".
func strandLikeBefore(t *testing.T, db, place string) string {
	t.Helper()
	b, err := bolt.Open(db, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var id string
	err = b.Update(func(tx *bolt.Tx) error {
		archive := tx.Bucket([]byte("archive"))
		k, v := archive.Cursor().First()
		if k == nil {
			t.Fatal("no finished game to strand")
		}
		id, v = string(k), bytes.Clone(v)
		if err := tx.Bucket([]byte("games")).Put([]byte(place), v); err != nil {
			return err
		}
		if err := tx.Bucket([]byte("game_ids")).Put(k, []byte(place)); err != nil {
			return err
		}
		return archive.Delete(k)
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A finished game left in its place by an older kaleun: `kaleun play` used
// to print nothing and exit 0 forever, and a new game was refused as "in
// progress". Now play shows the end (score, level) as the game is
// archived, and the next play starts a new game.
func TestPlayShowsTheEndOfAFinishedGameLeftInItsPlace(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	lines := playFirstOptions(t, bin, []string{"--db", db, "--seed", "abcd", "--boat", "VIIC"}, 0)
	end := lines[len(lines)-1]
	if end.Type != "end" {
		t.Fatalf("the career did not end: %+v", end)
	}
	id := strandLikeBefore(t, db, terminalPlace.Key())
	list, _ := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if !regexp.MustCompile(`(?m)^` + id + ` +hunters +finished`).Match(list) {
		t.Fatalf("the stranded game is not listed:\n%s", list)
	}

	cmd := exec.Command(bin, "play", "--db", db, "--jsonl")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	var shown jsonLine
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		json.Unmarshal([]byte(l), &shown)
	}
	if shown.Type != "end" || shown.Summary != end.Summary || shown.Level != end.Level {
		t.Fatalf("want the end %+v, got:\n%s", end, out)
	}

	lines = playFirstOptions(t, bin, []string{"--db", db, "--seed", "beef", "--boat", "VIIB"}, 2)
	if lines[0].Type == "end" || lines[len(lines)-1].Type != "prompt" {
		t.Fatalf("a new game after the repair: %+v", lines)
	}
	list, _ = exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if !regexp.MustCompile(`(?m)^`+id+` +hunters +finished`).Match(list) || !regexp.MustCompile(`(?m) running `).Match(list) {
		t.Fatalf("the repaired game and the new one:\n%s", list)
	}
}
