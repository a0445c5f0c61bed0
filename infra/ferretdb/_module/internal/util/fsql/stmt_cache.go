// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json): prepared statements
// kept per query text.

package fsql

import (
	"context"
	"database/sql"
	"strings"
	"sync"
)

// maxCachedStmts bounds the cache: FerretDB writes its queries with placeholders, so
// their texts are a few dozen shapes per collection. Once full, further texts run
// unprepared as before; nothing is evicted, so no statement is closed while in use.
const maxCachedStmts = 1024

// stmtCache prepares each query text once per database (and, inside database/sql, once
// per connection) instead of once per call: SQLite's parser and planner took a twentieth
// of the store's CPU, every statement being prepared, run once and finalized. modernc's
// driver compiled the text again on every execution all the same, until its patch kept
// the program (infra/ferretdb/sqlite-patches.json); the two together compile it once.
type stmtCache struct {
	db    *sql.DB
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: make(map[string]*sql.Stmt)}
}

// cacheable is true for one plain statement: Prepare compiles only the first statement
// of a text, where Exec would run them all.
func cacheable(query string) bool {
	if strings.Contains(query, ";") {
		return false
	}

	q := strings.TrimSpace(query)
	for _, verb := range []string{"SELECT", "INSERT", "UPDATE", "DELETE"} {
		if len(q) >= len(verb) && strings.EqualFold(q[:len(verb)], verb) {
			return true
		}
	}

	return false
}

// prepared returns the statement of query, or nil when it is to run unprepared.
func (c *stmtCache) prepared(ctx context.Context, query string) *sql.Stmt {
	if c == nil || !cacheable(query) {
		return nil
	}

	c.mu.Lock()
	stmt, ok := c.stmts[query]
	full := len(c.stmts) >= maxCachedStmts
	c.mu.Unlock()

	if ok {
		return stmt
	}

	if full {
		return nil
	}

	// A failed preparation runs the query unprepared, which reports the error as before.
	stmt, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}

	c.mu.Lock()
	defer c.mu.Unlock()

	if other, ok := c.stmts[query]; ok {
		_ = stmt.Close()
		return other
	}

	c.stmts[query] = stmt

	return stmt
}

// query runs query on tx when given, otherwise on the database.
func (c *stmtCache) query(ctx context.Context, tx *sql.Tx, query string, args ...any) (*sql.Rows, error) {
	if stmt := c.prepared(ctx, query); stmt != nil {
		if tx != nil {
			stmt = tx.StmtContext(ctx, stmt)
		}

		return stmt.QueryContext(ctx, args...)
	}

	if tx != nil {
		return tx.QueryContext(ctx, query, args...)
	}

	return c.db.QueryContext(ctx, query, args...)
}

// exec runs query on tx when given, otherwise on the database.
func (c *stmtCache) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if stmt := c.prepared(ctx, query); stmt != nil {
		if tx != nil {
			stmt = tx.StmtContext(ctx, stmt)
		}

		return stmt.ExecContext(ctx, args...)
	}

	if tx != nil {
		return tx.ExecContext(ctx, query, args...)
	}

	return c.db.ExecContext(ctx, query, args...)
}
