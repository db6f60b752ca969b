package persist

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// A backup taken while decisions are committed is the database as of one
// moment: every game in the copy has exactly its Seq events, the last one's
// hash its Head. The copy opens as a checked database, an existing name is
// refused, and no half-written file is left behind.
func TestBackupIsAConsistentCheckedCopyWhileGamesGoOn(t *testing.T) {
	backends(t, testBackupIsAConsistentCheckedCopyWhileGamesGoOn)
}

func testBackupIsAConsistentCheckedCopyWhileGamesGoOn(t *testing.T, open func() (*Store, error)) {
	dir := t.TempDir()
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rec(fmt.Sprintf("discord/g/%d", g))
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				r.Decisions++
				ev := []json.RawMessage{json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)), json.RawMessage(`{"pad":"` + fmt.Sprint(make([]byte, 200)) + `"}`)}
				if err := s.Commit(t.Context(), r, ev); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	var copies []string
	for i := range 5 {
		if i == 4 {
			for g := 0; g < 4; g++ {
				for {
					if _, err := s.Load(t.Context(), fmt.Sprintf("discord/g/%d", g)); err == nil {
						break
					}
					time.Sleep(time.Millisecond)
				}
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("copy-%d.db", i))
		info, err := s.Backup(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Bytes == 0 || i == 4 && info.Running != 4 {
			t.Errorf("backup %d: %+v", i, info)
		}
		copies = append(copies, path)
	}
	close(stop)
	wg.Wait()

	for _, path := range copies {
		c, err := OpenReadOnly(path)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := c.Games(t.Context())
		for _, g := range games {
			evs, err := c.Events(t.Context(), g.ID, 1, 0)
			if err != nil || uint64(len(evs)) != g.Seq || (len(evs) > 0 && evs[len(evs)-1].Hash != g.Head) {
				t.Errorf("%s, game %s: %d events for seq %d: not one moment", filepath.Base(path), g.ID, len(evs), g.Seq)
			}
		}
		c.Close()
	}
	if _, err := s.Backup(t.Context(), copies[0]); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("overwrote a backup: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.part-*")); len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}
	if _, err := s.Backup(t.Context(), filepath.Join(dir, "nodir", "x.db")); err == nil {
		t.Fatal("a backup into a missing directory")
	}
}
