package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/uboatleader"
)

// writeExamplePack writes the template's example ("#| " lines) as a pack
// directory and returns it.
func writeExamplePack(t *testing.T) string {
	t.Helper()
	tpl := filepath.Join(t.TempDir(), "tpl")
	var out, errs bytes.Buffer
	if code := runPack([]string{"template", "uboatleader", "--out", tpl}, nil, &out, &errs); code != 0 {
		t.Fatalf("template: %d %s", code, errs.String())
	}
	dir := filepath.Join(t.TempDir(), "my-pack")
	os.MkdirAll(dir, 0o755)
	entries, _ := os.ReadDir(tpl)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(tpl, e.Name()))
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(l, "#| "); ok {
				lines = append(lines, rest)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func check(t *testing.T, dir string) (string, int) {
	t.Helper()
	var out, errs bytes.Buffer
	code := runPack([]string{"check", dir}, nil, &out, &errs)
	return out.String() + errs.String(), code
}

// kaleun pack template writes the nine files with every field explained;
// as written, check lists what is missing, each line naming its file; its
// example checks clean; a directory with files in it is not written over.
func TestPackTemplateAndCheck(t *testing.T) {
	tpl := filepath.Join(t.TempDir(), "tpl")
	var out, errs bytes.Buffer
	if code := runPack([]string{"template", "uboatleader", "--out", tpl}, nil, &out, &errs); code != 0 || !strings.Contains(out.String(), "kaleun pack check "+tpl) {
		t.Fatalf("template: %d %s %s", code, out.String(), errs.String())
	}
	entries, _ := os.ReadDir(tpl)
	if len(entries) != 9 {
		t.Fatalf("%d files written", len(entries))
	}
	text, code := check(t, tpl)
	if code != 1 || !strings.Contains(text, filepath.Join(tpl, "maps.yaml")+": no map") || strings.Contains(text, "line ") {
		t.Fatalf("the empty template's check (%d):\n%s", code, text)
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(line, tpl) && !strings.HasPrefix(line, "card number") && !strings.Contains(line, "problem(s)") {
			t.Errorf("a problem that names no file: %q", line)
		}
	}
	if text, code := check(t, writeExamplePack(t)); code != 0 || !strings.Contains(text, "ok: pack my-copy") || !regexp.MustCompile(`sha256: [0-9a-f]{64}`).MatchString(text) {
		t.Fatalf("the example's check (%d):\n%s", code, text)
	}
	errs.Reset()
	if code := runPack([]string{"template", "uboatleader", "--out", tpl}, nil, &out, &errs); code != 2 || !strings.Contains(errs.String(), "not empty") {
		t.Fatalf("a second template over the first: %d %s", code, errs.String())
	}
	for _, bad := range [][]string{{}, {"template"}, {"template", "hunters"}, {"check"}, {"check", "a", "b"}, {"frobnicate"}} {
		errs.Reset()
		if code := runPack(bad, nil, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%v: exit %d, %q", bad, code, errs.String())
		}
	}
}

// kaleun pack check refuses each kind of broken pack with one clear line
// naming the file and the problem.
func TestPackCheckRefusesEachKindOfBrokenPack(t *testing.T) {
	base := writeExamplePack(t)
	for _, c := range []struct {
		name, file, old, new string
		want                 string
	}{
		{"unknown field", "maps.yaml", "        patrolling: 1\n        moving: 1\n        adjacent: [lorient, approaches]", "        patrolling: 1\n        colour: blue\n        moving: 1\n        adjacent: [lorient, approaches]",
			`maps.yaml: line 10: unknown field "colour" (the fields here are adjacent, at, attack, contacts, id, kind, mine, moving, name, no_stop, patrolling, raider, refit)`},
		{"missing area", "maps.yaml", "adjacent: [biscay]\n", "adjacent: [biscay, azores]\n", `area "approaches": adjacent area "azores" is missing`},
		{"adjacency not mutual", "maps.yaml", "adjacent: [biscay]\n", "adjacent: [biscay, lorient]\n", `area "approaches": adjacent to "lorient", but "lorient" does not list "approaches" (adjacency must be mutual)`},
		{"card number out of range", "events.yaml", "number: 3,", "number: 1003,", "events.yaml: Rough Seas: card number 1003 is out of range (1 to 999)"},
		{"card number printed twice", "events.yaml", "number: 3,", "number: 6,", "card number 6 is printed on 2 cards: events.yaml: Rough Seas; ships.yaml: merchants Empire Merchant"},
		{"hit numbers that do not rise", "ships.yaml", "torpedo: 3-6-9, gun: 3-5-7, surface: 8-10-NA}", "torpedo: 6-3-9, gun: 3-5-7, surface: 8-10-NA}", "ships.yaml: merchants card 6 (Empire Merchant) torpedo: 6-3-9 must rise"},
		{"a counter off the display", "convoys.yaml", "area: C2}", "area: C9}", `convoys.yaml: card 5: position M1 is in the missing display area "C9"`},
		{"a display link of the wrong kinds", "display.yaml", "[W, S2]", "[W, C2]", "display.yaml: link 17 joins a wake area to a convoy area, which are not adjacent kinds (UBL-1.4)"},
		{"a missing map", "campaigns.yaml", "map: atlantic", "map: pacific", `campaigns.yaml: "first-year": map "pacific" is missing`},
		{"an unknown ability", "uboats.yaml", "abilities: [cool], okay", "abilities: [brave], okay", `uboats.yaml: "U-99" veteran: ability "brave" is not infiltrator, cool or searcher`},
		{"a place off the picture", "maps.yaml", "at: [60, 60]", "at: [160, 60]", `area "biscay": at [160, 60] is off the picture`},
		{"a value of the wrong type", "ships.yaml", "speed: 3, vp: 1, xp: 2, detect: {surfaced: 5, submerged: 7}", "speed: fast, vp: 1, xp: 2, detect: {surfaced: 5, submerged: 7}", "ships.yaml: line 6: cannot unmarshal !!str `fast` into int"},
		{"broken YAML", "counters.yaml", "{detect: 1, attack: 1, count: 8}", "{detect: 1, attack: 1, count: 8", "counters.yaml: line 1: did not find expected ',' or '}'"},
		{"a missing file", "counters.yaml", "", "", "counters.yaml: missing (a pack has nine files"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "p")
			os.MkdirAll(dir, 0o755)
			for _, name := range []string{"pack.yaml", "maps.yaml", "display.yaml", "campaigns.yaml", "uboats.yaml", "events.yaml", "convoys.yaml", "ships.yaml", "counters.yaml"} {
				b, _ := os.ReadFile(filepath.Join(base, name))
				if name == c.file {
					if c.old == "" {
						continue // the file is missing
					}
					if !bytes.Contains(b, []byte(c.old)) {
						t.Fatalf("%s has no %q", name, c.old)
					}
					b = bytes.Replace(b, []byte(c.old), []byte(c.new), 1)
				}
				os.WriteFile(filepath.Join(dir, name), b, 0o644)
			}
			text, code := check(t, dir)
			lines := strings.Split(strings.TrimSpace(text), "\n")
			if code != 1 || len(lines) != 2 || lines[1] != "1 problem(s): the pack cannot be played until each is fixed" {
				t.Fatalf("exit %d, want one problem:\n%s", code, text)
			}
			if !strings.Contains(lines[0], c.want) || !strings.HasPrefix(lines[0], dir) {
				t.Fatalf("the problem line:\n  %s\nwant it to name %s and say:\n  %s", lines[0], dir, c.want)
			}
		})
	}
	// A file the pack does not know is a problem too.
	os.WriteFile(filepath.Join(base, "notes.yaml"), []byte("x: 1\n"), 0o644)
	if text, code := check(t, filepath.Join(base, "pack.yaml")); code != 1 || !strings.Contains(text, "notes.yaml: not a pack file") {
		t.Fatalf("an extra file (%d):\n%s", code, text)
	}
}

// kaleun play uboatleader --pack DIR plays an owner's pack; the game needs
// it to resume, and kaleun verify needs it (--pack) to replay the game's
// log: without it, or with the pack changed, the log does not verify.
func TestPlayAndVerifyWithAnOwnersPack(t *testing.T) {
	pack := writeExamplePack(t)
	db := filepath.Join(t.TempDir(), "k.db")
	var out, errs bytes.Buffer
	in := strings.NewReader("b:U-99\ntrained\nfleet\n")
	if code := runPlay([]string{"uboatleader", "--db", db, "--jsonl", "--seed", "c0ffee", "--pack", pack, "--draws", "physical"}, in, &out, &errs); code != 0 {
		t.Fatalf("play: %d %s", code, errs.String())
	}
	for _, want := range []string{"My own copy's content, transcribed for my games", "U-99 joins the fleet as trained", `"name":"fleet"`, "Your own cards: shuffle"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("no %q in:\n%.3000s", want, out.String())
		}
	}
	// Resuming without the pack names the pack and the flag.
	out.Reset()
	errs.Reset()
	if code := runPlay([]string{"--db", db, "--jsonl"}, strings.NewReader(""), &out, &errs); code != 1 || !strings.Contains(errs.String(), "my-copy") || !strings.Contains(errs.String(), "--pack") {
		t.Fatalf("resume without the pack: %d %s", code, errs.String())
	}
	if code := runPlay([]string{"--db", db, "--jsonl", "--pack", pack}, strings.NewReader("status\n"), &out, &errs); code != 0 {
		t.Fatalf("resume with the pack: %d %s", code, errs.String())
	}
	// The audit, verified with and without the pack.
	out.Reset()
	if code := runAudit([]string{"--db", db}, nil, &out, &errs); code != 0 {
		t.Fatal(errs.String())
	}
	id := regexp.MustCompile(`(?m)^(\S+) +uboatleader `).FindStringSubmatch(out.String())
	if id == nil {
		t.Fatalf("no game listed:\n%s", out.String())
	}
	out.Reset()
	if code := runAudit([]string{"--db", db, "--game", id[1]}, nil, &out, &errs); code != 0 {
		t.Fatal(errs.String())
	}
	file := filepath.Join(t.TempDir(), "audit.json")
	os.WriteFile(file, out.Bytes(), 0o600)
	// kaleun render draws its map (with the pack), and says when there is
	// no battle to draw.
	png := filepath.Join(t.TempDir(), "map.png")
	out.Reset()
	errs.Reset()
	if code := runRender([]string{"--db", db, "--game", id[1], "--what", "map", "--out", png, "--pack", pack}, nil, &out, &errs); code != 0 {
		t.Fatalf("render map: %d %s", code, errs.String())
	}
	if b, _ := os.ReadFile(png); !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Fatal("render wrote no PNG")
	}
	if code := runRender([]string{"--db", db, "--game", id[1], "--what", "display", "--out", png, "--pack", pack}, nil, &out, &errs); code != 2 || !strings.Contains(errs.String(), "while a battle is on it") {
		t.Fatalf("render display with no battle: %d %s", code, errs.String())
	}
	verify := func(args ...string) (string, int) {
		var o, e bytes.Buffer
		code := runVerify(append(args, file), nil, &o, &e)
		return o.String() + e.String(), code
	}
	if text, code := verify("--pack", pack); code != 0 || !strings.Contains(text, "ok: game") {
		t.Fatalf("verify with the pack (%d):\n%s", code, text)
	}
	if text, code := verify(); code != 1 || !strings.Contains(text, `no pack "my-copy" here`) || !strings.Contains(text, "--pack DIR") {
		t.Fatalf("verify without the pack (%d):\n%s", code, text)
	}
	b, _ := os.ReadFile(filepath.Join(pack, "events.yaml"))
	os.WriteFile(filepath.Join(pack, "events.yaml"), bytes.Replace(b, []byte("Heavy weather."), []byte("Heavy weather!"), 1), 0o644)
	if text, code := verify("--pack", pack); code != 1 || !strings.Contains(text, "SHA-256") {
		t.Fatalf("verify with the pack changed (%d):\n%s", code, text)
	}
}

// kaleun serve's [uboatleader] packs: the owner's pack is offered beside the
// house pack, by its id at `new` (pack:ID); two packs may not share an id.
func TestServeConfigOffersTheOwnersPacks(t *testing.T) {
	pack := writeExamplePack(t)
	cfg := filepath.Join(t.TempDir(), "k.toml")
	os.WriteFile(cfg, []byte("[uboatleader]\npacks = [\""+pack+"\", \""+pack+"\"]\n"), 0o600)
	c, err := loadConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	games, err := gamesWith(c.games.content())
	if err != nil {
		t.Fatal(err)
	}
	ubl := games["uboatleader"].Rules.(interface {
		Pack(string) (*uboatleader.Pack, error)
	})
	if p, err := ubl.Pack("my-copy"); err != nil || p.Meta.Label != "My own copy's content, transcribed for my games" {
		t.Fatalf("the owner's pack: %v", err)
	}
	if p, err := ubl.Pack(""); err != nil || p.Meta.ID != "house" {
		t.Fatalf("the default pack: %v %v", p, err)
	}
	b, _ := os.ReadFile(filepath.Join(pack, "pack.yaml"))
	os.WriteFile(filepath.Join(pack, "pack.yaml"), bytes.Replace(b, []byte("id: my-copy"), []byte("id: house"), 1), 0o644)
	if _, err := gamesWith(gameContent{Packs: []string{pack}}); err == nil || !strings.Contains(err.Error(), `its id "house" is taken`) {
		t.Fatalf("a pack named like the house pack: %v", err)
	}
}
