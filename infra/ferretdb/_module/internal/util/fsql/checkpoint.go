package fsql

import "context"

// Checkpoint copies what is committed in the write-ahead log into the database file.
// PASSIVE waits for no reader or writer, and SQLite lets it run beside a write
// transaction, so it does not queue with the writers (db.writes): what it cannot copy
// yet, the next checkpoint does.
func (db *DB) Checkpoint(ctx context.Context) error {
	_, err := db.sqlDB.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
	return err
}
