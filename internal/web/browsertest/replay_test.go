package browsertest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/testsize"
	"github.com/kaleun/kaleun/internal/web"
)

// nowText is the page's state as it shows it: its sheets in words, between
// the heading of the state and the replay, without the replay's links.
const nowText = `(() => {
	const out = [];
	for (let e = document.getElementById("now").nextElementSibling; e && e.id !== "replay"; e = e.nextElementSibling) {
		if (e.tagName !== "NAV") out.push(e.innerText);
	}
	return out.join("\n");
})()`

// replayToTheEnd steps a game's replay in the browser from step 0, each
// time by the page's own "next" link, to the step that has none: each
// step's page shows its number, rebuilds its state without a problem and
// draws its pictures (but a step before the game's start, which has none); the last shows the state of the finished game, its
// words and its pictures the same as the page as it stands. It returns the
// steps walked and the slowest step's load.
func replayToTheEnd(t *testing.T, tb *tab, p *played, link string) (int, time.Duration) {
	t.Helper()
	base := p.base + web.GamePath(link)
	tb.open(base)
	var final string
	tb.eval(nowText, &final)
	finalPics := picturesDrawn(t, tb, "as it stands")
	url := base + "?step=0"
	var slowest time.Duration
	var last int
	for n := 0; ; n++ {
		slowest = max(slowest, tb.open(url))
		var s struct {
			Heading string `json:"heading"`
			Problem string `json:"problem"`
			Next    string `json:"next"`
			Waits   bool   `json:"waits"`
		}
		tb.eval(`(() => {
			const next = Array.from(document.querySelectorAll("nav a")).find((a) => a.textContent.endsWith("(next)"));
			const bad = document.querySelector("p.bad");
			return {heading: document.getElementById("now").textContent, problem: bad ? bad.textContent : "", next: next ? next.href : "",
				waits: document.querySelector("main").innerText.includes("The game has not started yet at this step")};
		})()`, &s)
		if s.Problem != "" {
			t.Fatalf("step %d: %s", n, s.Problem)
		}
		want := fmt.Sprintf("The game at step %d of ", n)
		if len(s.Heading) < len(want) || s.Heading[:len(want)] != want {
			t.Fatalf("step %d: the page's heading is %q", n, s.Heading)
		}
		last, _ = strconv.Atoi(s.Heading[len(want):])
		if s.Waits && n > 1 {
			t.Errorf("step %d: the game waits for its start after its first decision", n)
		}
		if got := picturesDrawn(t, tb, "step "+strconv.Itoa(n)); got != finalPics && !s.Waits {
			t.Errorf("step %d: %d pictures, the game as it stands %d", n, got, finalPics)
		}
		if errs := tb.errors(); len(errs) > 0 {
			t.Errorf("step %d: the page logged errors: %q", n, errs)
		}
		if s.Next == "" {
			if n != last {
				t.Fatalf("step %d of %d has no next step", n, last)
			}
			var words string
			tb.eval(nowText, &words)
			if words != final {
				t.Errorf("the replay's last step shows\n%s\nthe game as it stands\n%s", words, final)
			}
			for i := 0; i < finalPics; i++ {
				q := "picture?n=" + strconv.Itoa(i)
				if a, b := fetch(t, base+q+"&step="+strconv.Itoa(n)), fetch(t, base+q); !bytes.Equal(a, b) {
					t.Errorf("picture %d at the last step is not the finished game's", i)
				}
			}
			return n + 1, slowest
		}
		if n > last {
			t.Fatalf("step %d of %d links to a next step %s", n, last, s.Next)
		}
		url = s.Next
		if jump := last - 5; testsize.Race && n == 9 && jump > n+1 {
			// Under -race (whose server rebuilds each step ten times
			// slower) the first ten steps and the last five, by their
			// links; the full-size run (.ci/test) walks every one.
			url, n = base+"?step="+strconv.Itoa(jump), jump-1
		}
	}
}

func fetch(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s: %d %v", url, resp.StatusCode, err)
	}
	return b
}
