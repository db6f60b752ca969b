package discord

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/ops"
)

// Interactions: a slash command is answered with a message (its first
// message; the rest follow up); a click is answered by updating the
// message clicked — the prompt becomes its result, its buttons gone — and
// what follows comes as follow-ups. Discord wants an answer within three
// seconds: a slow bot call is deferred first (a command's with a "thinking"
// message, a click's without changing the message yet) and answered later.

func (a *Adapter) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	received := time.Now() // Discord's 3 seconds run from about now
	defer func() {
		if r := recover(); r != nil {
			a.log.Error("discord: interaction handler panicked", "panic", r)
			a.metrics.Error(ops.ErrPanic)
		}
		if a.handled != nil {
			a.handled(i.ID)
		}
	}()
	user, place := a.who(i)
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i, received)
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		if len(data.Options) == 0 {
			names := "new, " + subcommandNames()
			if data.Name == bot.FrameworkName {
				names = bot.FrameworkUsage
			}
			a.respond(a.workCtx(), i, received, place, bot.Reply{Private: []chat.Message{{Text: "Pick a subcommand: " + names + "."}}}, false, nil)
			return
		}
		if i.GuildID == "" && data.Name != bot.FrameworkName {
			// A direct message (the app installed by its user, or a command
			// registered before the games were held to servers): a game
			// needs a server's channel.
			a.respond(a.workCtx(), i, received, place, bot.Reply{Private: []chat.Message{{Text: inServersOnly(data.Name)}}}, false, nil)
			return
		}
		sub := data.Options[0]
		args := map[string]string{}
		for _, o := range sub.Options {
			args[o.Name] = fmt.Sprint(o.Value)
			if o.Type == discordgo.ApplicationCommandOptionUser {
				args[o.Name] = userArg(data.Resolved, fmt.Sprint(o.Value))
			}
		}
		a.answer(i, received, place, false, func(ctx context.Context) (bot.Reply, error) {
			return a.svc.Command(ctx, place, user, data.Name, sub.Name, args)
		})
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		id := data.CustomID
		if len(data.Values) > 0 {
			id = data.Values[0] // a select menu's values are option ids
		}
		a.answer(i, received, place, true, func(ctx context.Context) (bot.Reply, error) { return a.svc.Click(ctx, place, user, id) })
	case discordgo.InteractionModalSubmit:
		// A prompt's form (chat.Form), submitted from the prompt's message:
		// answered as a click on it, so that the message becomes the result.
		data := i.ModalSubmitData()
		value := formValue(data.Components)
		a.answer(i, received, place, true, func(ctx context.Context) (bot.Reply, error) {
			return a.svc.Submit(ctx, place, user, data.CustomID, value)
		})
	}
}

// inServersOnly answers a game's command used outside a server.
func inServersOnly(game string) string {
	return fmt.Sprintf("/%s plays in a server's channel, where the game is kept: use it in a server channel the bot is in. Here, `/%s games` lists all your games, in every server.", game, bot.FrameworkName)
}

// formField is the custom id of a form's one text input.
const formField = "n"

// formValue is what was typed in a submitted form's field.
func formValue(rows []discordgo.MessageComponent) string {
	for _, row := range rows {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if ti, ok := c.(*discordgo.TextInput); ok && ti.CustomID == formField {
				return ti.Value
			}
		}
	}
	return ""
}

// showForm answers a click with the form it opens (a modal), which must be
// the click's first answer: a click deferred first cannot open one, and is
// told to press again.
func (a *Adapter) showForm(ctx context.Context, i *discordgo.InteractionCreate, received time.Time, place chat.Place, f *chat.Form, deferred bool, posts *bot.Posts) {
	if deferred {
		a.followups(ctx, i, place, bot.Reply{Private: []chat.Message{{Text: "The form could not open in time: press ⌨ Type it again."}}}, "", posts)
		return
	}
	input := discordgo.TextInput{CustomID: formField, Label: trim(f.Label, 45), Style: discordgo.TextInputShort, Placeholder: trim(f.Hint, 100),
		Required: true, MinLength: 1, MaxLength: 12}
	modal := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: f.ID, Title: trim(f.Title, 45), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{input}}}}}
	if err := a.session.InteractionRespond(i.Interaction, modal, discordgo.WithContext(ctx)); err != nil {
		a.log.Error("discord: opening a form", "err", err)
		a.metrics.Error(ops.ErrPlatform)
		return
	}
	a.metrics.Answered("discord", time.Since(received))
}

// failed is what a user hears when the bot itself failed.
var failed = bot.Reply{Private: []chat.Message{{Text: "Kaleun could not do that (an internal error was logged); your game is as it was."}}}

// answer runs the bot call and responds within Discord's 3-second limit: if
// the call is slow, the interaction is deferred first and answered later.
func (a *Adapter) answer(i *discordgo.InteractionCreate, received time.Time, place chat.Place, click bool, call func(ctx context.Context) (bot.Reply, error)) {
	type result struct {
		r   bot.Reply
		err error
	}
	ctx := a.workCtx()
	done := make(chan result, 1)
	go func() {
		r, err := call(ctx)
		done <- result{r, err}
	}()
	deferred := false
	var res result
	var slow <-chan time.Time
	if a.deferAfter > 0 {
		slow = time.After(a.deferAfter - time.Since(received))
	}
	if slow != nil {
		select {
		case res = <-done:
		case <-slow:
			deferred = true
		}
	} else {
		deferred = true
	}
	if deferred {
		kind := discordgo.InteractionResponseDeferredChannelMessageWithSource
		if click {
			kind = discordgo.InteractionResponseDeferredMessageUpdate // the click's message is updated later
		}
		a.metrics.Deferred("discord")
		if err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: kind}, discordgo.WithContext(ctx)); err != nil {
			a.log.Error("discord: deferring", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		} else {
			a.metrics.Answered("discord", time.Since(received))
		}
		res = <-done
	}
	if res.err != nil {
		a.log.Error("discord: bot call failed", "err", res.err)
		res.r = failed
	}
	// Where the reply's prompts went, and which were answered, in one write
	// once it is all out.
	posts := &bot.Posts{}
	if click {
		a.respondClick(ctx, i, received, place, res.r, deferred, posts)
	} else {
		a.respond(ctx, i, received, place, res.r, deferred, posts)
	}
	if err := a.svc.RecordPosts(ctx, posts); err != nil {
		a.log.Error("discord: recording where the reply's messages went", "err", err)
	}
}

// respond answers a command: with its first message (or, deferred, by
// editing the "thinking" message into it), the rest as follow-ups.
func (a *Adapter) respond(ctx context.Context, i *discordgo.InteractionCreate, received time.Time, place chat.Place, r bot.Reply, deferred bool, posts *bot.Posts) {
	var first *chat.Message
	ephemeral := false
	switch {
	case len(r.Public) > 0:
		first, r.Public = &r.Public[0], r.Public[1:]
	case len(r.Private) > 0:
		first, r.Private, ephemeral = &r.Private[0], r.Private[1:], true
	case len(r.Answered) > 0:
	default:
		first, ephemeral = &chat.Message{Text: "Done."}, true
	}
	if deferred {
		// The deferred "thinking" message is public: a private first
		// message is a follow-up, and the thinking message says it is done.
		if first != nil && ephemeral {
			r.Private = append([]chat.Message{*first}, r.Private...)
			first = &chat.Message{Text: "Done."}
		}
		if first == nil {
			first = &chat.Message{Text: "Done."}
		}
		d := a.draw(ctx, *first, false, place)
		msg, err := a.session.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &d.content, Embeds: &d.embeds, Components: &d.components, Files: d.files, AllowedMentions: d.mentions}, discordgo.WithContext(ctx))
		if err != nil {
			a.log.Error("discord: editing the deferred answer", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		} else {
			posts.Prompt(first.Ref, chat.MessageAt{Channel: msg.ChannelID, ID: msg.ID})
		}
		a.more(ctx, i, d, false)
		a.followups(ctx, i, place, r, "", posts)
		return
	}
	if first != nil {
		d := a.draw(ctx, *first, ephemeral, place)
		data := &discordgo.InteractionResponseData{Content: d.content, Embeds: d.embeds, Components: d.components, Files: d.files, Flags: d.flags, AllowedMentions: d.mentions}
		if err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, discordgo.WithContext(ctx)); err != nil {
			a.log.Error("discord: responding", "err", err)
			a.metrics.Error(ops.ErrPlatform)
			return
		}
		a.metrics.Answered("discord", time.Since(received))
		if first.Ref != "" && !ephemeral {
			// A prompt: remember its message, to show its result there.
			if msg, err := a.session.InteractionResponse(i.Interaction, discordgo.WithContext(ctx)); err == nil {
				posts.Prompt(first.Ref, chat.MessageAt{Channel: msg.ChannelID, ID: msg.ID})
			}
		}
		a.more(ctx, i, d, ephemeral)
	} else {
		// Only results to show: the command's own answer says where.
		data := &discordgo.InteractionResponseData{Content: "Done.", Flags: discordgo.MessageFlagsEphemeral}
		if err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, discordgo.WithContext(ctx)); err != nil {
			a.log.Error("discord: responding", "err", err)
			a.metrics.Error(ops.ErrPlatform)
			return
		}
		a.metrics.Answered("discord", time.Since(received))
	}
	a.followups(ctx, i, place, r, "", posts)
}

// respondClick answers a click: the clicked message becomes what the reply
// says (the prompt's result), or loses buttons that no longer do anything;
// everything else follows.
func (a *Adapter) respondClick(ctx context.Context, i *discordgo.InteractionCreate, received time.Time, place chat.Place, r bot.Reply, deferred bool, posts *bot.Posts) {
	if r.Form != nil {
		a.showForm(ctx, i, received, place, r.Form, deferred, posts)
		return
	}
	clicked := ""
	if i.Message != nil {
		clicked = i.Message.ID
	}
	switch {
	case r.Update != nil:
		ephemeral := i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
		d := a.draw(ctx, *r.Update, ephemeral, place)
		var err error
		if deferred {
			d.mentions = nil
			_, err = a.session.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &d.content, Embeds: &d.embeds, Components: &d.components, Files: d.files}, discordgo.WithContext(ctx))
		} else {
			data := &discordgo.InteractionResponseData{Content: d.content, Embeds: d.embeds, Components: d.components, Files: d.files, AllowedMentions: d.mentions}
			if err = a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, discordgo.WithContext(ctx)); err == nil {
				a.metrics.Answered("discord", time.Since(received))
			}
		}
		if err != nil {
			a.log.Error("discord: updating the clicked message", "err", err)
			a.metrics.Error(ops.ErrPlatform)
			// Not shown there: the result is edited in by the prompt's
			// recorded messages, the clicked one among them, or kept for
			// the next click (bot: a click whose reply was lost).
			clicked = ""
		}
		a.more(ctx, i, d, ephemeral)
	case r.Disarm && i.Message != nil:
		none := []discordgo.MessageComponent{}
		if deferred {
			if _, err := a.session.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Components: &none}, discordgo.WithContext(ctx)); err != nil {
				a.log.Error("discord: disarming the clicked message", "err", err)
				a.metrics.Error(ops.ErrPlatform)
			}
		} else {
			// An update replaces what it names: the message keeps its words.
			data := &discordgo.InteractionResponseData{Content: i.Message.Content, Embeds: i.Message.Embeds, Components: none}
			if err := a.session.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, discordgo.WithContext(ctx)); err != nil {
				a.log.Error("discord: disarming the clicked message", "err", err)
				a.metrics.Error(ops.ErrPlatform)
			} else {
				a.metrics.Answered("discord", time.Since(received))
			}
		}
	case deferred:
		// Acknowledged without a message: everything follows up.
	default:
		a.respond(ctx, i, received, place, r, false, posts)
		return
	}
	a.followups(ctx, i, place, r, clicked, posts)
}

// more posts the rest of a message too long for one.
func (a *Adapter) more(ctx context.Context, i *discordgo.InteractionCreate, d drawn, ephemeral bool) {
	for _, c := range d.more {
		p := &discordgo.WebhookParams{Content: c, AllowedMentions: &discordgo.MessageAllowedMentions{}}
		if ephemeral {
			p.Flags = discordgo.MessageFlagsEphemeral
		}
		if _, err := a.session.FollowupMessageCreate(i.Interaction, true, p, discordgo.WithContext(ctx)); err != nil {
			a.log.Error("discord: follow-up", "err", err)
			a.metrics.Error(ops.ErrPlatform)
		}
	}
}

// followups shows the reply's results where their prompts were (clicked is
// the message the click updated already), then its messages, public and
// private, then what goes elsewhere.
func (a *Adapter) followups(ctx context.Context, i *discordgo.InteractionCreate, place chat.Place, r bot.Reply, clicked string, posts *bot.Posts) {
	send := func(m chat.Message, ephemeral bool) bool {
		d := a.draw(ctx, m, ephemeral, place)
		p := &discordgo.WebhookParams{Content: d.content, Embeds: d.embeds, Components: d.components, Flags: d.flags, Files: d.files, AllowedMentions: d.mentions}
		msg, err := a.session.FollowupMessageCreate(i.Interaction, true, p, discordgo.WithContext(ctx))
		if err != nil {
			a.log.Error("discord: follow-up", "err", err)
			a.metrics.Error(ops.ErrPlatform)
			return false
		}
		if !ephemeral && msg != nil {
			posts.Prompt(m.Ref, chat.MessageAt{Channel: msg.ChannelID, ID: msg.ID})
		}
		a.more(ctx, i, d, ephemeral)
		return true
	}
	for _, ans := range r.Answered {
		shown, err := a.showAnswer(ctx, place, ans, clicked, false)
		if err != nil {
			a.log.Warn("discord: showing a result where its prompt was", "prompt", ans.Ref, "err", err)
		}
		switch {
		case err != nil:
			continue // its messages are kept: the next click shows it
		case shown || ans.InPlace && clicked != "":
		case !send(ans.Message, false):
			continue
		}
		posts.Answered(ans.Ref, false)
	}
	for _, m := range r.Public {
		send(m, false)
	}
	for _, m := range r.Private {
		send(m, true)
	}
	for _, n := range r.Elsewhere {
		if err := a.Notify(ctx, n); err != nil {
			a.log.Error("discord: delivering elsewhere", "channel", n.Place.Channel, "err", err)
			a.metrics.Error(ops.ErrDelivery)
		}
	}
}

// showAnswer edits the messages posted for an answered prompt into its
// result, leaving out the message a click has updated already; shown is
// false when no such message is known. A message Discord no longer has is
// passed over; another failure is returned after the rest were tried, and
// the prompt's messages are then left for a retry to edit. An edit is
// idempotent but for its pictures, which Discord adds to those the message
// has: on a retry the message is edited without them first, and they are
// added only if the edited message, as Discord returns it, lacks them
// (reading it would need Read Message History, which Kaleun does not ask).
func (a *Adapter) showAnswer(ctx context.Context, home chat.Place, ans chat.Answer, clicked string, retry bool) (shown bool, err error) {
	where, err := a.svc.PromptMessages(ctx, ans.Ref)
	if err != nil {
		return false, err
	}
	var first error
	for _, at := range where {
		if at.ID == clicked {
			continue
		}
		d := a.draw(ctx, ans.Message, false, home)
		edit := discordgo.NewMessageEdit(at.Channel, at.ID)
		edit.Content, edit.Embeds, edit.Components, edit.Files = &d.content, &d.embeds, &d.components, d.files
		if retry && len(d.files) > 0 {
			edit.Files = nil
			msg, err := a.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
			if err == nil && hasFiles(msg, d.files) {
				shown = true
				continue
			}
			if err != nil && !gone(err) {
				first = cmp.Or(first, fmt.Errorf("editing message %s in %s: %w", at.ID, at.Channel, err))
			}
			if err != nil {
				continue
			}
			edit.Files = d.files
		}
		if _, err := a.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx)); err != nil {
			if !gone(err) {
				first = cmp.Or(first, fmt.Errorf("editing message %s in %s: %w", at.ID, at.Channel, err))
			}
			continue
		}
		shown = true
	}
	return shown, first
}

// hasFiles reports whether a message has attachments of all the files'
// names.
func hasFiles(m *discordgo.Message, files []*discordgo.File) bool {
	have := map[string]bool{}
	for _, at := range m.Attachments {
		have[at.Filename] = true
	}
	for _, f := range files {
		if !have[f.Name] {
			return false
		}
	}
	return true
}
