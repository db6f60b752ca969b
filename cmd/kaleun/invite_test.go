package main

import (
	"bytes"
	"strings"
	"testing"
)

// `kaleun invite` prints the invitation with the bot's scopes and the
// permission integer the Discord guide quotes; without an id it says where
// to find one.
func TestInvitePrintsTheLink(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"invite", "--application-id", "1234"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "https://discord.com/oauth2/authorize?client_id=1234&permissions=309237697536&scope=bot+applications.commands\n"
	if out.String() != want {
		t.Fatalf("printed %q, want %q", out.String(), want)
	}
	out.Reset()
	if code := dispatch([]string{"invite"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "General Information") {
		t.Fatalf("without an id: exit %d, %q", code, errb.String())
	}
}
