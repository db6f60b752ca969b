package bot

import "testing"

// A number typed (engine.Entry) answers its prompt through the id of one
// of the prompt's buttons with its own key; a foreign id or no key is
// refused.
func TestAnswerID(t *testing.T) {
	id, err := AnswerID(optionID("g1", "7", "n100=0"), "number=78")
	if err != nil || id != "k1:g1:7:number=78" {
		t.Fatalf("%q %v", id, err)
	}
	if tgt, err := parseOptionID(id); err != nil || tgt.gameID != "g1" || tgt.token != "7" || tgt.key != "number=78" {
		t.Fatalf("%+v %v", tgt, err)
	}
	for _, bad := range [][2]string{{"x:g1:7:a", "number=1"}, {optionID("g1", "7", "a"), ""}} {
		if _, err := AnswerID(bad[0], bad[1]); err == nil {
			t.Errorf("%q with %q accepted", bad[0], bad[1])
		}
	}
}
