package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `kaleun invite` prints the invitation with the bot's scopes and the
// permission integer the Discord guide quotes; without an id it says where
// to find one.
func TestInvitePrintsTheLink(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"invite", "--application-id", "123456789012345678"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "https://discord.com/oauth2/authorize?client_id=123456789012345678&permissions=17901423741952&scope=bot+applications.commands\n"
	if out.String() != want {
		t.Fatalf("printed %q, want %q", out.String(), want)
	}
	out.Reset()
	if code := dispatch([]string{"invite"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "General Information") {
		t.Fatalf("without an id: exit %d, %q", code, errb.String())
	}
}

// Issue 29, defect 8: invite --config reads the application id alone (the
// token may not be there yet), and an id that is not a Discord snowflake
// is refused, whether given or read.
func TestInviteReadsOnlyTheIDAndChecksIt(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "kaleun.toml")
	os.WriteFile(cfg, []byte("[discord]\nenabled = true\napplication_id = \"123456789012345678\"\n"), 0o600)
	var out, errb bytes.Buffer
	if code := dispatch([]string{"invite", "--config", cfg}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "client_id=123456789012345678&") {
		t.Fatalf("a config without its token yet: exit %d, %q %q", code, out.String(), errb.String())
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[discord]\napplication_id = \"app\"\n"), 0o600)
	for _, args := range [][]string{{"--application-id", "abc"}, {"--application-id", "1234"}, {"--application-id", "123456789012345678901"}, {"--config", bad}} {
		out.Reset()
		errb.Reset()
		if code := dispatch(append([]string{"invite"}, args...), nil, &out, &errb); code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "not a Discord application id (17 to 20 digits)") {
			t.Errorf("%v: exit %d, printed %q, %q", args, code, out.String(), errb.String())
		}
	}
}

// discord.md's step 2 ran `kaleun invite --config config.toml` before step
// 3 made config.toml. Every command the page gives runs with what the steps
// before it made: invite --config only after the config is copied.
func TestDiscordSetupInvitesBeforeTheConfigOnlyByID(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "operators", "discord.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	made := strings.Index(text, "Copy `config.example.toml` to `config.toml`")
	byID := strings.Index(text, "kaleun invite --application-id")
	byConfig := strings.Index(text, "kaleun invite --config")
	if made < 0 || byID < 0 {
		t.Fatalf("discord.md no longer says where config.toml is made (%d) or how to invite by id (%d)", made, byID)
	}
	if byID > made {
		t.Error("discord.md invites by application id only after the config is made: the invitation comes first")
	}
	if byConfig >= 0 && byConfig < made {
		t.Error("discord.md runs `kaleun invite --config` before config.toml is made")
	}
}
