package browsertest

import (
	"net/http"
	"strings"
	"testing"
)

// forgedLinksNotFound asks for the played games' pages by links that are
// not theirs: a tag with one digit changed, another game's tag, none, a
// tournament's or a leaderboard's link where a game's goes and the other
// way about, and a tag of zeros. Each is 404 (persist's HMAC check, through
// the pages as kaleun serve wires them); the real links are 200.
func forgedLinksNotFound(t *testing.T, p *played) {
	t.Helper()
	id, tag, _ := strings.Cut(p.duelLink, ".")
	_, packTag, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(p.packPath(), "g/"), "/"), ".")
	flip := map[byte]string{'0': "1"}[tag[0]]
	if flip == "" {
		flip = "0"
	}
	for _, path := range []string{
		"g/" + id + "." + flip + tag[1:] + "/",
		"g/" + id + "." + tag[:len(tag)-1] + "/",
		"g/" + id + "." + tag + "0/",
		"g/" + id + "." + packTag + "/",
		"g/" + id + "/",
		"g/" + id + "." + strings.Repeat("0", len(tag)) + "/",
		"g/" + p.tournamentLink + "/",
		"g/" + p.boardLink + "/",
		"t/" + p.duelLink + "/",
		"t/" + p.boardLink + "/",
		"l/" + p.duelLink + "/",
		"l/" + p.tournamentLink + "/",
		"g/" + id + "." + flip + tag[1:] + "/audit.json",
	} {
		resp, err := http.Get(p.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
	for _, path := range []string{"g/" + p.duelLink + "/", p.packPath(), "t/" + p.tournamentLink + "/", "l/" + p.boardLink + "/"} {
		resp, err := http.Get(p.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d, want 200", path, resp.StatusCode)
		}
	}
}
