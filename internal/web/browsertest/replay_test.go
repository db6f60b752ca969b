package browsertest

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
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

// replayToTheEnd steps a game's replay from step 0, each time by the
// page's own "next" link, to the step that has none: every step's page is
// fetched and shows its number and rebuilds its state without a problem;
// the browser renders the first ten steps, every twentieth and the last
// five (pictures drawn, no error logged: each step's page is the same
// template, and a browser's walk of all of them was most of CI's length),
// and the last shows the state of the finished game, its words and its
// pictures the same as the page as it stands. It returns the steps walked,
// the steps the browser rendered, and the slowest rendered step's load.
func replayToTheEnd(t *testing.T, tb *tab, p *played, link string) (int, int, time.Duration) {
	t.Helper()
	base := p.base + web.GamePath(link)
	tb.open(base)
	var final string
	tb.eval(nowText, &final)
	finalPics := picturesDrawn(t, tb, "as it stands")
	url := base + "?step=0"
	var slowest time.Duration
	last, rendered := -1, 0
	for n := 0; ; n++ {
		s := stepOf(t, url)
		if s.Problem != "" {
			t.Fatalf("step %d: %s", n, s.Problem)
		}
		if s.Step != n {
			t.Fatalf("step %d: the page says it is step %d (of %d)", n, s.Step, s.Last)
		}
		last = s.Last
		if s.Waits && n > 1 {
			t.Errorf("step %d: the game waits for its start after its first decision", n)
		}
		if n < 10 || n%20 == 0 || n+5 > last {
			rendered++
			slowest = max(slowest, tb.open(url))
			var heading string
			tb.eval(`document.getElementById("now").textContent`, &heading)
			if want := fmt.Sprintf("The game at step %d of %d", n, last); heading != want {
				t.Fatalf("step %d in the browser: the page's heading is %q, want %q", n, heading, want)
			}
			if got := picturesDrawn(t, tb, "step "+strconv.Itoa(n)); got != finalPics && !s.Waits {
				t.Errorf("step %d: %d pictures, the game as it stands %d", n, got, finalPics)
			}
			if errs := tb.errors(); len(errs) > 0 {
				t.Errorf("step %d: the page logged errors: %q", n, errs)
			}
		}
		if s.Next == "" {
			if n != last {
				t.Fatalf("step %d of %d has no next step", n, last)
			}
			// The browser is at the last step (rendered above).
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
			return n + 1, rendered, slowest
		}
		if n > last {
			t.Fatalf("step %d of %d links to a next step %s", n, last, s.Next)
		}
		if want := fmt.Sprintf("?step=%d", n+1); !strings.HasPrefix(s.Next, want+"#") && s.Next != want {
			t.Fatalf("step %d's next link is %q, want %s", n, s.Next, want)
		}
		url = base + strings.TrimSuffix(s.Next, "#now")
		if jump := last - 5; testsize.Race && n == 9 && jump > n+1 {
			// Under -race (whose server rebuilds each step ten times
			// slower) the first ten steps and the last five, by their
			// links; the full-size run (.ci/test) walks every one.
			url, n = base+"?step="+strconv.Itoa(jump), jump-1
		}
	}
}

// replayStep is what a step's page says of itself, read from its HTML.
type replayStep struct {
	Step, Last int
	Next       string // the "next" link's href, "" at the last step
	Problem    string
	Waits      bool
}

var (
	stepHeading = regexp.MustCompile(`<h2 id="now">The game at step (\d+) of (\d+)</h2>`)
	stepNext    = regexp.MustCompile(`<a href="([^"]*)">Step \d+ \(next\)</a>`)
	stepProblem = regexp.MustCompile(`<p class="bad">([^<]*)</p>`)
)

// stepOf fetches a step's page and reads it.
func stepOf(t *testing.T, url string) replayStep {
	t.Helper()
	page := string(fetch(t, url))
	m := stepHeading.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s: no step heading in the page", url)
	}
	var s replayStep
	s.Step, _ = strconv.Atoi(m[1])
	s.Last, _ = strconv.Atoi(m[2])
	if n := stepNext.FindStringSubmatch(page); n != nil {
		s.Next = html.UnescapeString(n[1])
	}
	if pr := stepProblem.FindStringSubmatch(page); pr != nil {
		s.Problem = html.UnescapeString(pr[1])
	}
	s.Waits = strings.Contains(page, "The game has not started yet at this step")
	return s
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
