package bot

import "context"

// backupAsked answers the `backup` command: a server manager asks the
// serving bot to copy its database now. The copy goes to the operator's
// backup directory, never to the chat: the database holds every server's
// games and seeds.
func (s *Service) backupAsked(ctx context.Context, user User) (Reply, error) {
	if !user.Manager {
		return private("Only a server manager may ask for a backup of the bot's database."), nil
	}
	if s.backup == nil {
		return private("This bot writes no backups: its operator can set [backup] dir in its config (docs/operators/backups.md)."), nil
	}
	text, err := s.backup(ctx)
	if err != nil {
		return Reply{}, err
	}
	return private(text), nil
}
