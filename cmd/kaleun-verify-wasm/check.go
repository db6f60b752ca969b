// Command kaleun-verify-wasm is kaleun verify built for the browser
// (GOOS=js GOARCH=wasm): one JavaScript function, kaleunVerify(bytes, head,
// allowScripted), takes an audit file's bytes and returns the verdict of
// bot/audit.Check, the very function and words of `kaleun verify`, over
// the games of internal/gamelist, the command's own list. The page that
// calls it (internal/web, served by kaleun serve's [web]) sends nothing
// anywhere: the file is read and checked in the reader's browser.
//
// Build it with `go generate ./internal/web`, which writes it into the
// server's assets; built for another system it only says so.
package main

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/safefile"
)

// result is what kaleunVerify returns to the page, as a JavaScript object.
type result struct {
	// Code is kaleun verify's exit status: 0 verified, 1 a problem, 2 the
	// input cannot be checked (a head that is no head, a file too large),
	// 3 intact but its dice chosen by hand, 4 intact but played under
	// rules this verifier reads differently.
	Code int
	// Text is what kaleun verify prints for the same file and options.
	Text string
	// Head is the head the verifier computed: the hash of the last entry
	// of a chain it checked link by link, "" when the file is not intact
	// (then no head is vouched for).
	Head string
	// GameID is the game's id, when the file says.
	GameID string
}

// check verifies data as `kaleun verify [--head HEAD] [--allow-scripted]`
// would, with the same limits on its input.
func check(data []byte, head string, allowScripted bool, games engine.Registry) result {
	want := strings.ToLower(strings.TrimSpace(head))
	if want != "" && !audit.ValidHeadPrefix(want) {
		return result{Code: 2, Text: "the head wants hex digits, at least 12 of them (the head as posted in the channel)\n"}
	}
	if len(data) > safefile.AuditLimit {
		return result{Code: 2, Text: fmt.Sprintf("the file is larger than %d MiB: it is no audit file kaleun verify reads\n", safefile.AuditLimit/safefile.MiB)}
	}
	v := audit.Check(data, games, audit.CheckOptions{AllowScripted: allowScripted, Head: want})
	r := result{Code: v.Code, Text: v.Text, GameID: v.Report.GameID}
	if v.Report.Intact() {
		r.Head = v.Report.Head
	}
	return r
}
