package slack

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/ops"
)

// The App Home tab (issue 34, item 2): each time a user opens it, Slack
// sends app_home_opened and the adapter publishes his page of games
// (views.publish), built afresh from the bot's GamesPage for him alone:
// his games, those waiting on him first, the longest waiting first, each
// saying how long and linking to its pending prompt (a permalink), then
// his tournaments. It is published only when he opens the tab, not when
// his turn comes: a page costs a read of each of his games and a
// chat.getPermalink per line, a turn a call or two, and the tab is built
// anew whenever he looks at it anyway (docs/operators/slack.md).

// homeMaxBlocks is Slack's bound on a Home view's blocks.
const homeMaxBlocks = 100

// homeLinks is how many permalinks a page asks for at once.
const homeLinks = 4

// homeOpened serves an Events API event: app_home_opened on the Home tab
// publishes its user's page; any other event is passed over.
func (a *Adapter) homeOpened(ctx context.Context, ev slackevents.EventsAPIEvent) {
	e, ok := ev.InnerEvent.Data.(*slackevents.AppHomeOpenedEvent)
	if !ok || e.Tab != "home" || e.User == "" {
		return
	}
	if err := a.publishHome(ctx, ev.TeamID, e.User); err != nil {
		a.log.Error("slack: publishing a Home tab", "user", e.User, "err", err)
		a.metrics.Error(ops.ErrPlatform)
	}
}

// publishHome publishes a user's page of games to his Home tab.
func (a *Adapter) publishHome(ctx context.Context, team, user string) error {
	page, err := a.svc.GamesPage(ctx, chat.Place{Platform: "slack", Space: team}, chat.User{ID: user})
	if err != nil {
		return err
	}
	view := slack.HomeTabViewRequest{Type: slack.VTHomeTab, Blocks: slack.Blocks{BlockSet: a.homeBlocks(ctx, page, time.Now())}}
	if _, err := a.api.PublishViewContext(ctx, slack.PublishViewContextRequest{UserID: user, View: view}); err != nil {
		return fmt.Errorf("views.publish: %w", err)
	}
	return nil
}

// homeBlocks draws a page within Slack's 100 blocks: a header, the page's
// sum and when it was built, a section per game, then a header and a
// section per tournament; a list cut short ends with a line saying how
// many it leaves out.
func (a *Adapter) homeBlocks(ctx context.Context, page bot.GamesPage, now time.Time) []slack.Block {
	out := []slack.Block{
		slack.NewHeaderBlock(slack.NewTextBlockObject(slack.PlainTextType, "Your games", false, false)),
		section(mrkdwn(page.Text)),
		slack.NewContextBlock("", slack.NewTextBlockObject(slack.MarkdownType,
			fmt.Sprintf("As of <!date^%d^{date_short_pretty} at {time}|%s>, when you opened this tab. Only you see it; `/kaleun games` in any channel lists the same.", now.Unix(), now.UTC().Format("Mon 2 Jan 15:04 UTC")), false, false)),
	}
	room := homeMaxBlocks - len(out)
	if len(page.Tournaments) > 0 {
		room -= 2 // their divider and header
	}
	games, tours := fitHome(len(page.Games), len(page.Tournaments), room)
	out = append(out, a.homeLines(ctx, page.Games, games, "the quietest")...)
	if len(page.Tournaments) > 0 {
		out = append(out, slack.NewDividerBlock(), slack.NewHeaderBlock(slack.NewTextBlockObject(slack.PlainTextType, "Your tournaments", false, false)))
		out = append(out, a.homeLines(ctx, page.Tournaments, tours, "the newest")...)
	}
	return out
}

// fitHome is how many games and tournaments a page of room blocks shows:
// all when they fit; else the games have what the tournaments leave of it,
// and the tournaments at least a fifth; each list cut short takes a block
// more for its "and N more".
func fitHome(games, tours, room int) (int, int) {
	g, t := games, tours
	cost := func() int {
		n := g + t
		if g < games {
			n++
		}
		if t < tours {
			n++
		}
		return n
	}
	for cost() > room {
		if t > room/5 || g == 0 {
			t--
		} else {
			g--
		}
	}
	return g, t
}

// homeLines draws the first shown of lines as sections, each with its
// link (the permalinks asked homeLinks at a time), and a line counting the
// rest, which are which.
func (a *Adapter) homeLines(ctx context.Context, lines []chat.Line, shown int, which string) []slack.Block {
	texts := make([]string, shown)
	sem := make(chan struct{}, homeLinks)
	var wg sync.WaitGroup
	for i, l := range lines[:shown] {
		texts[i] = mrkdwn(l.Text)
		if l.Jump == "" && l.Home.Channel == "" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			texts[i] += " · " + a.link(ctx, l.Jump, l.Home)
		}()
	}
	wg.Wait()
	var out []slack.Block
	for _, t := range texts {
		out = append(out, section(t))
	}
	if rest := len(lines) - shown; rest > 0 {
		out = append(out, section(fmt.Sprintf("… and %d more (%s).", rest, which)))
	}
	return out
}
