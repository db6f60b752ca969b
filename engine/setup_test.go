package engine

import (
	"errors"
	"strings"
	"testing"
)

// A set-up answer is read when it is given: an option's key in any case
// comes back as the form spells it, another answer names the keys, and
// the field's own check hears the earlier answers.
func TestCheckAnswerReadsOneAnswer(t *testing.T) {
	var heard map[string]string
	f := SetupField{Key: "size", Label: "Size", Options: []Option{{Key: "Small"}, {Key: "Large"}},
		Check: func(answer string, earlier map[string]string) error {
			heard = earlier
			if answer == "Large" && earlier["room"] == "tiny" {
				return errors.New("too large for a tiny room")
			}
			return nil
		}}
	if got, err := f.CheckAnswer(" small ", nil); err != nil || got != "Small" {
		t.Fatalf("small: %q, %v", got, err)
	}
	if _, err := f.CheckAnswer("huge", nil); err == nil || err.Error() != `Size: "huge" is not one of Small, Large` {
		t.Fatalf("huge: %v", err)
	}
	_, err := f.CheckAnswer("large", map[string]string{"room": "tiny"})
	if err == nil || !strings.Contains(err.Error(), "Size: too large for a tiny room") || heard["room"] != "tiny" {
		t.Fatalf("large in a tiny room: %v (heard %v)", err, heard)
	}
	if got, err := f.CheckAnswer("", nil); err != nil || got != "" {
		t.Fatalf("an empty answer is the default's: %q, %v", got, err)
	}
}
