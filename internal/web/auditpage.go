package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/persist/record"
)

// The audit page: the head of the log, the seeds' commitments and reveals
// as the log has them, the export to download (the bytes `kaleun audit`
// writes of a chat game, never with the seed in force), and the verifier,
// which fetches it from here and checks it in the reader's browser.
type auditView struct {
	Root, Title, Kind, ID, Head, Withheld, File, Verifier string
	Entries                                               int
	Seeds                                                 []seedView
}

type seedView struct {
	Action, From, Commitment, By, Entropy, Seed string
}

func (s *Site) auditPage(w http.ResponseWriter, r *http.Request, g *game) {
	v := auditView{Root: "../../", Kind: g.rules.Title, ID: g.rec.ID, Head: g.rec.Head, Withheld: g.withheld, Entries: len(g.entries)}
	if v.Kind == "" {
		v.Kind = g.rec.Game
	}
	v.Title = "The audit of " + v.Kind + " game " + g.rec.ID
	if g.withheld == "" {
		v.File = "audit.json"
		// The verifier fetches the file by this path, relative to itself
		// and on its own origin only (verify.js).
		v.Verifier = "../../verify/?audit=" + url.QueryEscape("../"+GamePath(g.link)+"audit.json")
	}
	for _, e := range g.entries {
		var se audit.SeedEvent
		if json.Unmarshal(e.Event, &se) != nil || se.Kind != audit.KindSeed {
			continue
		}
		a := se.Seed
		v.Seeds = append(v.Seeds, seedView{Action: a.Action, From: strconv.FormatInt(a.From, 10), Commitment: a.Commitment, By: a.By, Entropy: a.Entropy, Seed: a.Seed})
	}
	s.render(w, "audit.html", v)
}

// logged serves a game's log as read for this request to audit.Build.
type logged []record.EventRecord

func (l logged) Events(context.Context, string, uint64, int) ([]record.EventRecord, error) {
	return l, nil
}

// Export is a game's audit file as the page serves it: `kaleun audit`'s
// encoding of audit.Build, never revealing the seed in force (a terminal
// game's own export does, for its player who holds the database; a page
// is public).
func Export(ctx context.Context, events audit.Events, rec *record.GameRecord) ([]byte, error) {
	x, err := audit.Build(ctx, events, rec, false)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	if err := enc.Encode(x); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (s *Site) auditFile(w http.ResponseWriter, r *http.Request, g *game) {
	if g.withheld != "" {
		plain(w, http.StatusForbidden, "not while the game runs: "+g.withheld)
		return
	}
	data, err := Export(r.Context(), logged(g.entries), g.rec)
	if err != nil {
		s.log.Warn("web: exporting a game's log", "game", g.rec.ID, "err", err)
		plain(w, http.StatusInternalServerError, "the log could not be exported")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="kaleun-`+safeName(g.rec.ID)+`.json"`)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(data)
}

// safeName keeps a file name to letters, digits, - and _.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}
