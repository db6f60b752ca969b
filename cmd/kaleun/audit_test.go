package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A terminal game, exported with `kaleun audit` and checked with `kaleun
// verify`: clean, then with one face changed, then not an audit file at all.
func TestAuditAndVerifyCommands(t *testing.T) {
	// A fixed seed: with a random one the forty "1"s (the first option each
	// time) could sink the boat before the list shows a running game.
	bin, dir, db := playedTerminalGame(t, 40, "--name", "Kretschmer", "--seed", "1234")
	out, err := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("audit list: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`(?m)^((?:seeded-)?[0-9a-f]{16}) +hunters +running`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("the list names no running hunters game:\n%s", out)
	}
	id := string(m[1])
	export, err := exec.Command(bin, "audit", "--db", db, "--game", id).Output()
	if err != nil {
		t.Fatalf("audit export: %v", err)
	}
	file := filepath.Join(dir, "audit.json")
	os.WriteFile(file, export, 0o600)
	out, err = exec.Command(bin, "verify", file).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "ok: game "+id) || strings.Contains(string(out), " 0 of ") {
		t.Fatalf("verify a clean export: %v\n%s", err, out)
	}

	// One face changed: the hash of its entry no longer matches.
	var x struct {
		Entries []struct {
			Seq   int             `json:"seq"`
			Dice  []int           `json:"dice"`
			Event json.RawMessage `json:"event"`
		} `json:"entries"`
	}
	json.Unmarshal(export, &x)
	seq := 0
	for _, e := range x.Entries {
		if len(e.Dice) == 1 {
			seq = e.Seq
			break
		}
	}
	// Edit the text itself, as a forger would: re-encoding would reorder keys.
	text := string(export)
	at := strings.Index(text, `"seq": `+itoa(seq)+",")
	loc := regexp.MustCompile(`"faces": \[\s*(\d)`).FindStringSubmatchIndex(text[at:])
	face := text[at+loc[2] : at+loc[3]]
	other := map[string]string{"1": "2", "2": "3", "3": "4", "4": "5", "5": "6", "6": "1", "7": "8", "8": "9", "9": "1", "0": "1"}[face]
	tampered := text[:at+loc[2]] + other + text[at+loc[3]:]
	os.WriteFile(file, []byte(tampered), 0o600)
	cmd := exec.Command(bin, "verify", file)
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "entry "+itoa(seq)+": its hash") {
		t.Fatalf("a changed face: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}

	os.WriteFile(file, []byte("{not json"), 0o600)
	cmd = exec.Command(bin, "verify", file)
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "not an audit file") {
		t.Fatalf("garbage: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
	cmd = exec.Command(bin, "audit", "--db", db, "--game", "nosuchgame")
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "no game") {
		t.Fatalf("unknown game: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// kaleun render draws a terminal game's mat and log sheet, and says so when
// there is no engagement for a combat mat.
func TestRenderCommand(t *testing.T) {
	bin, dir, db := playedTerminalGame(t, 3, "--seed", "0badc0ffee") // loading: no engagement yet
	out, _ := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	m := regexp.MustCompile(`(?m)^(seeded-[0-9a-f]+) `).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no game listed:\n%s", out)
	}
	for _, c := range []struct{ what, file, magic string }{{"mat", "mat.png", "\x89PNG"}, {"log", "log.png", "\x89PNG"}, {"log", "log.csv", "month,mark"}} {
		path := filepath.Join(dir, c.file)
		if out, err := exec.Command(bin, "render", "--db", db, "--game", string(m[1]), "--what", c.what, "--out", path).CombinedOutput(); err != nil {
			t.Fatalf("render %s: %v\n%s", c.file, err, out)
		}
		if b, _ := os.ReadFile(path); !strings.HasPrefix(string(b), c.magic) {
			t.Fatalf("%s does not start with %q", c.file, c.magic)
		}
	}
	cmd := exec.Command(bin, "render", "--db", db, "--game", string(m[1]), "--what", "combat", "--out", filepath.Join(dir, "c.png"))
	if out, _ := cmd.CombinedOutput(); cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "no ship engagement") {
		t.Fatalf("combat mat out of combat: %s", out)
	}
}

// kaleun play --pictures draws next to the database as the game goes, and
// kaleun render draws the combat mat of a game stopped mid-engagement.
func TestPlayWritesPicturesAndRenderDrawsTheCombatMat(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	// Attack whatever comes; stop at the first aiming of a salvo (9.2.1).
	aiming, pictures := false, map[string]bool{}
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIC", "--seed", "5eed", "--pictures"},
		func(l jsonLine) string {
			if l.Kind == "hunters.aim" {
				aiming = true
				return "quit"
			}
			answer := l.Options[0].Key
			for _, o := range l.Options {
				if o.Key == "attack" || o.Key == "close" {
					answer = o.Key
				}
			}
			return answer
		},
		func(l jsonLine) {
			if l.Type == "picture" {
				pictures[l.Name] = true
			}
		})
	if !aiming {
		t.Fatal("the game never reached an aim prompt")
	}
	if !pictures["combat.png"] {
		t.Fatalf("no combat mat with the engagement's prompts: %v", pictures)
	}
	if _, err := os.Stat(filepath.Join(dir, "k-pictures", "combat.png")); err != nil {
		t.Fatal(err)
	}
	list, _ := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	game := regexp.MustCompile(`(?m)^(seeded-[0-9a-f]+) `).FindSubmatch(list)
	if game == nil {
		t.Fatalf("no game listed:\n%s", list)
	}
	png := filepath.Join(dir, "combat.png")
	if b, err := exec.Command(bin, "render", "--db", db, "--game", string(game[1]), "--what", "combat", "--out", png).CombinedOutput(); err != nil {
		t.Fatalf("render combat: %v\n%s", err, b)
	}
	if b, _ := os.ReadFile(png); !strings.HasPrefix(string(b), "\x89PNG") {
		t.Fatal("the combat mat is not a PNG")
	}
}

// playedTerminalGame builds the binary and plays a Type VIIC career in the
// terminal, answering the first option to the first n prompts.
func playedTerminalGame(t *testing.T, n int, flags ...string) (bin, dir, db string) {
	t.Helper()
	bin, dir = kaleunBinary(t), t.TempDir()
	db = filepath.Join(dir, "k.db")
	cmd := exec.Command(bin, append([]string{"play", "--db", db, "--boat", "VIIC"}, flags...)...)
	cmd.Stdin = strings.NewReader(strings.Repeat("1\n", n) + "quit\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	return bin, dir, db
}

// Two players at one keyboard play the two-player game (13.1) to its end,
// each answering his own prompts (the enemy's rolls are the other's).
func TestPlayTwoPlayerGameInTheTerminal(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	var end jsonLine
	enemy := 0
	driveJSONL(t, bin, []string{"--db", filepath.Join(dir, "k.db"), "--game", "hunters-duel", "--boat", "VIIC",
		"--name", "Prien", "--opponent", "Kretschmer", "--end", "1941-06", "--seed", "1234"},
		func(l jsonLine) string {
			if l.Kind == "hunters.enemy_roll" {
				enemy++
			}
			return l.Options[0].Key
		},
		func(l jsonLine) {
			if l.Type == "end" {
				end = l
			}
		})
	if enemy == 0 || !strings.Contains(end.Summary, "13.1.3") || !strings.HasSuffix(end.Level, "_wins") && end.Level != "draw" {
		t.Fatalf("enemy prompts %d, end %+v", enemy, end)
	}
}

// Two people at one keyboard play a whole Tonnage War match over JSONL:
// each prompt names its seat, and the match ends with its result.
func TestPlayTonnageWarInTheTerminal(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	seats := map[string]int{}
	var end string
	driveJSONL(t, bin, []string{"tonnagewar", "--db", filepath.Join(dir, "k.db"), "--name", "Prien", "--opponent", "Walker", "--seed", "77"},
		func(l jsonLine) string {
			seats[l.Seat]++
			for _, o := range l.Options {
				if o.Key != "back" && o.Key != "end" && o.Key != "discard" {
					return o.Key
				}
			}
			return l.Options[0].Key
		},
		func(l jsonLine) {
			if l.Type == "end" {
				end = l.Summary
			}
		})
	if seats["a"] == 0 || seats["b"] == 0 || !strings.Contains(end, "(12)") {
		t.Fatalf("prompts by seat %v, end %q", seats, end)
	}
}

// jsonLine is one line of kaleun play --jsonl.
type jsonLine struct {
	Type, Kind, Seat, Name, Summary, Level, Message string
	Options                                         []struct{ Key string }
}

// driveJSONL runs kaleun play --jsonl with args; answer gives each prompt's
// reply ("" ends the input). Every line goes to seen; an "error" line fails.
func driveJSONL(t *testing.T, bin string, args []string, answer func(jsonLine) string, seen func(jsonLine)) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"play"}, append(args, "--jsonl")...)...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line jsonLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("not JSON: %s", sc.Text())
		}
		if line.Type == "error" {
			t.Fatalf("error: %s", line.Message)
		}
		if seen != nil {
			seen(line)
		}
		if line.Type == "prompt" {
			a := answer(line)
			if a == "" {
				break
			}
			fmt.Fprintln(in, a)
		}
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}

// An export made by the kaleun before torpedo_load_order's default followed
// the text (bot/audit/testdata): `kaleun verify` replays it under its setup's
// former reading and says so.
func TestVerifyReadsAnOldSetupAsItWasPlayed(t *testing.T) {
	bin := kaleunBinary(t)
	out, err := exec.Command(bin, "verify", filepath.Join("..", "..", "bot", "audit", "testdata", "career-before-load-order.json")).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "ok: game seeded-854f8e18aa642940: ") ||
		!strings.Contains(string(out), `note: the decisions replay from the setup as the kaleun of its time read it, {"boat":"VIIC","kommandant":"Altmann","rules":"torpedo_load_order=after_assignment,wording=first","start":"1941-03"}`) {
		t.Fatalf("verify an old export: %v\n%s", err, out)
	}
}
