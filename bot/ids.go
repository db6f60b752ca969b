package bot

import (
	"fmt"
	"strings"
)

// A button's custom id names the game, the prompt's token and the option key,
// so a click on an old message or a retried delivery is recognised.
const idPrefix = "k1"

func optionID(gameID, token, key string) string {
	return idPrefix + ":" + gameID + ":" + token + ":" + key
}

// clickTarget is a decoded custom id.
type clickTarget struct {
	gameID, token, key string
}

func parseOptionID(id string) (clickTarget, error) {
	parts := strings.SplitN(id, ":", 4)
	if len(parts) != 4 || parts[0] != idPrefix || parts[1] == "" || parts[3] == "" {
		return clickTarget{}, fmt.Errorf("unrecognised button %q", id)
	}
	return clickTarget{gameID: parts[1], token: parts[2], key: parts[3]}, nil
}
