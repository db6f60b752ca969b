package persist

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

var bucketPlayers = []byte("players")

// Prefs are a player's preferences for being reminded, by platform user
// ("discord/<guild>/<user>"): they hold for all his games there.
type Prefs struct {
	// TZ is an IANA time zone name ("Europe/Berlin"); "" is UTC.
	TZ string `json:"tz,omitempty"`
	// QuietFrom and QuietTo are minutes after local midnight; equal means
	// no quiet hours. The clock stops between them.
	QuietFrom int `json:"quiet_from,omitempty"`
	QuietTo   int `json:"quiet_to,omitempty"`
	// VacationFrom..VacationUntil stops the clock too.
	VacationFrom  time.Time `json:"vacation_from,omitempty"`
	VacationUntil time.Time `json:"vacation_until,omitempty"`
	// VacationYear and VacationUsed count the vacation days taken in a year
	// against the server's budget.
	VacationYear int `json:"vacation_year,omitempty"`
	VacationUsed int `json:"vacation_used,omitempty"`
	// Remind is "channel" (the default), "dm" or "both".
	Remind string `json:"remind,omitempty"`
	// Autopilot lets the built-in commander take his routine decisions at a
	// deadline.
	Autopilot bool `json:"autopilot,omitempty"`
}

// Prefs returns a player's preferences (the zero Prefs when he set none).
func (s *Store) Prefs(ctx context.Context, player string) (Prefs, error) {
	var p Prefs
	err := s.view(ctx, "read the preferences of "+player, func(tx kvTx) error {
		v := tx.Bucket(bucketPlayers).Get([]byte(player))
		if v == nil {
			return nil
		}
		if err := json.Unmarshal(v, &p); err != nil {
			return fmt.Errorf("preferences of %s are damaged: %w", player, err)
		}
		return nil
	})
	return p, err
}

// SetPrefs stores a player's preferences.
func (s *Store) SetPrefs(ctx context.Context, player string, p Prefs) error {
	v, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return s.update(ctx, "set the preferences of "+player, func(tx kvTx) error { return tx.Bucket(bucketPlayers).Put([]byte(player), v) })
}
