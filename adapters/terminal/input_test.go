package terminal

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// jsonlLines decodes a session's JSONL output.
func jsonlLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var lines []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		lines = append(lines, m)
	}
	return lines
}

// duplicatingDriver plays the JSONL protocol as a program whose every answer
// line is delivered twice (a retry, a doubled write), in lockstep: it answers
// a prompt with its first option (by bare key, or with the prompt's token),
// waits for the next prompt, sends the copy, and sees what the copy did
// before it answers again.
type duplicatingDriver struct {
	answered, duplicatesActedOn, staleErrors, otherErrors, repeatedPrompts int
}

func (d *duplicatingDriver) play(t *testing.T, s *Session, withToken bool, prompts int) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s.In, s.Out, s.shown = inR, outW, ""
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background()); outW.Close() }()
	send := func(line string) { go io.WriteString(inW, line+"\n") }
	lineFor := func(m map[string]any) string {
		key := m["options"].([]any)[0].(map[string]any)["key"].(string)
		if !withToken {
			return key
		}
		b, _ := json.Marshal(map[string]string{"token": m["token"].(string), "key": key})
		return string(b)
	}
	const (
		waitingForPrompt = iota // nothing sent that is not answered
		sentAnswer              // the answer went; its copy waits for the next prompt
		sentCopy                // the copy went: an error refuses it, a prompt says it acted
	)
	state, copyLine := waitingForPrompt, ""
	var pending map[string]any // the newest prompt
	seen := map[string]bool{}
	answer := func() {
		if d.answered == prompts {
			send("quit")
			return
		}
		d.answered++
		copyLine = lineFor(pending)
		send(copyLine)
		state = sentAnswer
	}
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		switch m["type"] {
		case "error":
			if state != sentCopy {
				t.Fatalf("an answer was refused: %v", m["message"])
			}
			if strings.HasPrefix(m["message"].(string), "stale answer") && m["pending"] == pending["token"] {
				d.staleErrors++
			} else {
				d.otherErrors++
			}
			answer()
		case "prompt":
			token := m["token"].(string)
			if seen[token] {
				d.repeatedPrompts++ // sent again after an error
				continue
			}
			seen[token], pending = true, m
			switch state {
			case waitingForPrompt:
				answer()
			case sentAnswer:
				send(copyLine)
				state = sentCopy
			case sentCopy:
				d.duplicatesActedOn++ // the copy answered this decision's predecessor
				answer()
			}
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// The attack: a program's answer line delivered twice. With bare keys the
// copy answers the next decision whenever its key is legal there; with the
// token sent back, every copy is refused with an error naming the pending
// token, nothing changes, and the prompt is not sent again.
func TestJSONLTokenRefusesDuplicatedAnswers(t *testing.T) {
	const prompts = 60
	play := func(withToken bool) (duplicatingDriver, int) {
		path := filepath.Join(t.TempDir(), "k.db")
		var start strings.Builder
		s, store := session(t, path, true, "", &start, nil)
		before, _ := store.Load(t.Context(), place.Key())
		var d duplicatingDriver
		d.play(t, s, withToken, prompts)
		after, err := store.Load(t.Context(), place.Key())
		if err != nil {
			t.Fatal(err)
		}
		return d, after.Decisions - before.Decisions
	}
	bare, bareDecisions := play(false)
	t.Logf("bare keys: %d answers sent twice: %d copies acted on (%d decisions), %d refused", bare.answered, bare.duplicatesActedOn, bareDecisions, bare.otherErrors)
	if bare.duplicatesActedOn == 0 {
		t.Fatal("the bare-key run no longer shows the attack: pick a game where a key repeats")
	}
	tok, tokDecisions := play(true)
	t.Logf("with tokens: %d answers sent twice: %d copies acted on (%d decisions), %d refused as stale", tok.answered, tok.duplicatesActedOn, tokDecisions, tok.staleErrors)
	if tok.answered != prompts || tokDecisions != prompts || tok.duplicatesActedOn != 0 {
		t.Fatalf("with tokens, %d answers made %d decisions, %d by a copy", tok.answered, tokDecisions, tok.duplicatesActedOn)
	}
	if tok.staleErrors != prompts || tok.otherErrors != 0 || tok.repeatedPrompts != 0 {
		t.Fatalf("want %d stale errors naming the pending token, and no other error or repeated prompt: %+v", prompts, tok)
	}
}

// Views and commands as JSON lines, with or without the token; malformed
// lines are refused one by one, each with a short error, and change nothing.
func TestJSONLCommandsAsJSONAndMalformedLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	var start strings.Builder
	s, store := session(t, path, true, "", &start, nil)
	r, _ := s.Svc.Command(t.Context(), place, me, "hunters", "turn", nil)
	token := r.Public[0].Prompt.Token
	input := strings.Join([]string{
		`{"key":"status"}`,
		fmt.Sprintf(`{"token":%q,"key":"log"}`, token),
		`help`,
		`{"token":"999","key":"status"}`,
		`{"tokn":"3","key":"status"}`,
		`{"key":""}`,
		`{"key":"status"} {"key":"log"}`,
		`{"key":`,
		`{"key":"` + strings.Repeat("x", 5000) + `"}`,
		`{"key":"quit"}`,
		`status`,
	}, "\n") + "\n"
	before, _ := store.Load(t.Context(), place.Key())
	var out strings.Builder
	s.In, s.Out = strings.NewReader(input), &out
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var views, errs []string
	for _, m := range jsonlLines(t, out.String()) {
		switch m["type"] {
		case "view":
			views = append(views, m["name"].(string))
		case "error":
			msg := m["message"].(string)
			if len(msg) > 300 {
				t.Errorf("an error echoes %d characters back", len(msg))
			}
			errs = append(errs, msg)
		}
	}
	if strings.Join(views, ",") != "status,log,help" {
		t.Errorf("views %v: want status, log, help, and nothing after quit", views)
	}
	want := []string{`stale answer: token "999"`, `unknown field "tokn"`, `needs a "key"`, `one JSON object`, `not an answer line`, `unknown command or option`}
	if len(errs) != len(want) {
		t.Fatalf("errors %q", errs)
	}
	for i, w := range want {
		if !strings.Contains(errs[i], w) {
			t.Errorf("error %d is %q, want %q", i, errs[i], w)
		}
	}
	after, _ := store.Load(t.Context(), place.Key())
	if after.Decisions != before.Decisions || string(after.State) != string(before.State) {
		t.Fatal("views and refused lines changed the game")
	}
}

// A line of 1 MiB or more used to end the session silently (exit 0, all
// later input dropped). It is refused with one short error, and the lines
// after it are read, in the terminal and in JSONL.
func TestOverlongLineIsRefusedAndReadingGoesOn(t *testing.T) {
	huge := strings.Repeat("é", 1<<20) // 2 MiB
	for _, jsonl := range []bool{false, true} {
		t.Run(fmt.Sprintf("jsonl=%v", jsonl), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "k.db")
			var start strings.Builder
			s, store := session(t, path, jsonl, "", &start, nil)
			before, _ := store.Load(t.Context(), place.Key())
			var out strings.Builder
			s.In = strings.NewReader(huge + "\n" + strings.Repeat("y", 5000) + "\nstatus\n" + huge)
			s.Out = &out
			if err := s.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if strings.Contains(got, strings.Repeat("é", 40)) || strings.Contains(got, strings.Repeat("y", 100)) {
				t.Fatal("the refused lines are echoed back")
			}
			if n := strings.Count(got, "is longer than the limit"); n != 2 {
				t.Fatalf("want one error for each overlong line, got %d:\n%.2000s", n, got)
			}
			if !strings.Contains(got, `a line of 2097152 bytes`) {
				t.Errorf("the error should give the line's size:\n%.2000s", got)
			}
			if !strings.Contains(got, "unknown command or option") || !strings.Contains(got, "U-69") {
				t.Fatalf("the lines after the long one were not read:\n%.3000s", got)
			}
			if len(got) > 20000 {
				t.Fatalf("%d bytes of output for three refused lines and a view", len(got))
			}
			after, _ := store.Load(t.Context(), place.Key())
			if after.Decisions != before.Decisions || string(after.State) != string(before.State) {
				t.Fatal("refused lines changed the game")
			}
		})
	}
}

func TestReadLine(t *testing.T) {
	long := strings.Repeat("z", 100)
	br := bufio.NewReaderSize(strings.NewReader("one\r\n"+long+"\ntwo\n\n"+long+"x\nlast"), 16)
	var got []string
	for {
		line, err := ReadLine(br, 100)
		if err == io.EOF {
			break
		}
		if tl, ok := err.(*LineTooLongError); ok {
			got = append(got, fmt.Sprintf("too long %d %q", tl.Size, tl.Head))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, line)
	}
	want := []string{"one", long, "two", "", fmt.Sprintf("too long 101 %q", strings.Repeat("z", 32)+"…"), "last"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}
