package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/webhook"
)

// [webhooks]: off in the example, its defaults the documented schedule,
// and a bad value refused with the key named.
func TestWebhooksSection(t *testing.T) {
	cfg, err := loadConfig("../../config.example.toml")
	if err != nil || cfg.Webhooks.Enabled || cfg.Webhooks.AllowPrivate || cfg.Webhooks.options() != nil {
		t.Fatalf("config.example.toml: %+v %v", cfg.Webhooks, err)
	}
	if cfg.Webhooks.schedule != webhook.DefaultSchedule || cfg.Webhooks.timeout != 10*time.Second || cfg.Webhooks.poll != 5*time.Second {
		t.Fatalf("defaults: %+v", cfg.Webhooks)
	}
	dir := t.TempDir()
	for body, want := range map[string]string{
		`timeout = "soon"`:   "webhooks.timeout",
		`timeout = "2m"`:     "at most 1m",
		`poll = "0s"`:        "webhooks.poll",
		`retry_first = "2h"`: "longer than webhooks.retry_max_wait",
		`retry_for = "-1h"`:  "webhooks.retry_for",
	} {
		p := filepath.Join(dir, "c.toml")
		os.WriteFile(p, []byte("[webhooks]\nenabled = true\n"+body+"\n"), 0o600)
		if _, err := loadConfig(p); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", body, err, want)
		}
	}
	p := filepath.Join(dir, "ok.toml")
	os.WriteFile(p, []byte("[webhooks]\nenabled = true\nretry_first = \"1s\"\n"), 0o600)
	if cfg, err = loadConfig(p); err != nil || cfg.Webhooks.options() == nil || cfg.Webhooks.options().Schedule.First != time.Second {
		t.Fatalf("enabled: %+v %v", cfg.Webhooks, err)
	}
}
