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

// AnswerID is the custom id that answers the prompt of one of its buttons
// with another key: the number a prompt's Entry takes (engine.Entry), typed
// at a keyboard or in a form's field, which has no button of its own.
func AnswerID(buttonID, key string) (string, error) {
	t, err := parseOptionID(buttonID)
	if err != nil {
		return "", err
	}
	if key == "" {
		return "", fmt.Errorf("no key to answer %q with", buttonID)
	}
	return optionID(t.gameID, t.token, key), nil
}
