package pool

import (
	"context"
	"log/slog"
	"time"

	"github.com/FerretDB/FerretDB/internal/util/logging"
)

// checkpointInterval is how often the write-ahead log of every open database is moved
// into its file. SQLite's own checkpoint is off (wal_autocheckpoint(0) in uri.go): it
// ran inside the commit of whichever write filled 1 000 pages, some 4 MB to copy and a
// sync, and writers queue one behind the other (fsql.DB.writes).
const checkpointInterval = time.Second

// startCheckpoints checkpoints every open database each interval until the returned
// function is called; that function waits for the last pass to end.
func (p *Pool) startCheckpoints(every time.Duration) func() {
	if p.memory() {
		return func() {}
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})

	go func() {
		defer close(done)

		ticker := time.NewTicker(every)
		defer ticker.Stop()

		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				p.checkpointAll(ctx)
			}
		}
	}()

	return func() {
		cancel()
		<-done
	}
}

// checkpointAll holds the pool's read lock, so a database is not dropped or closed
// while its checkpoint runs.
func (p *Pool) checkpointAll(ctx context.Context) {
	p.rw.RLock()
	defer p.rw.RUnlock()

	for name, db := range p.dbs {
		if err := db.Checkpoint(ctx); err != nil && ctx.Err() == nil {
			p.l.WarnContext(ctx, "WAL checkpoint failed", slog.String("name", name), logging.Error(err))
		}
	}
}
