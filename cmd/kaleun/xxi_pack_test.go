package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// kaleun serve's [xxi] packs: an owner's XXI pack is offered beside the
// house pack by its id, and a broken one is refused at start naming the key.
func TestServeConfigOffersTheOwnersXXIPacks(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "mine")
	os.Mkdir(pack, 0o755)
	for name, b := range content.Template() {
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(l, "#| "); ok {
				lines = append(lines, rest)
			}
		}
		text := strings.Join(lines, "\n") + "\n"
		if name == "pack.yaml" {
			text = strings.Replace(text, "id: house", "id: mine", 1)
		}
		os.WriteFile(filepath.Join(pack, name), []byte(text), 0o644)
	}
	cfg := filepath.Join(dir, "k.toml")
	os.WriteFile(cfg, []byte("[xxi]\npacks = [\""+pack+"\"]\n"), 0o600)
	c, err := loadConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	games, err := gamesWith(c.games.content())
	if err != nil {
		t.Fatal(err)
	}
	x := games["xxi"].Rules.(interface {
		Pack(string) (*content.Pack, error)
	})
	if p, err := x.Pack("mine"); err != nil || p.Meta.ID != "mine" {
		t.Fatalf("the owner's pack: %v", err)
	}
	if p, err := x.Pack(""); err != nil || p.Meta.ID != "house" {
		t.Fatalf("the default pack: %v %v", p, err)
	}
	os.WriteFile(filepath.Join(pack, "map.yaml"), []byte("spaces: []\nlinks: []\n"), 0o644)
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[xxi]\npacks = [\""+pack+"\"]\n"), 0o600)
	if _, err := loadConfig(bad); err == nil || !strings.Contains(err.Error(), "xxi.packs") {
		t.Fatalf("a broken XXI pack in the config: %v", err)
	}
}
