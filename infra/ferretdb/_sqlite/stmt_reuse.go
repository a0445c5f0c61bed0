package sqlite

// A prepared statement (database/sql's Stmt, which FerretDB's stmt_cache.go keeps for
// every query text) holds here only its SQL text: upstream compiles the text into an
// SQLite program on every execution and finalizes the program afterwards. This keeps the
// program of a one-statement text between executions and resets it instead, as SQLite
// means prepared statements to be used (https://sqlite.org/c3ref/stmt.html).
//
// A use runs upstream's way when the kept program is busy (rows of an earlier execution
// are still open on it) or when the text holds more or less than one statement. SQLite
// recompiles a kept program by itself when the schema changed since it was prepared.

import (
	"context"
	"database/sql/driver"
	"sync/atomic"
	"unsafe"

	sqlite3 "modernc.org/sqlite/lib"
)

// stmtReuse is the program a stmt keeps between executions.
type stmtReuse struct {
	pstmt uintptr // 0 until the first execution prepares it
	busy  bool    // an execution has not ended: its rows are still open
	off   bool    // the text is not one statement: every execution runs upstream's way
	// closed: the stmt was closed while rows of it were open; their Close finalizes.
	closed bool
}

// takeKept answers the kept program, marked busy, or ok = false to run upstream's way.
func (s *stmt) takeKept() (pstmt uintptr, ok bool, err error) {
	if s.reuse.off || s.reuse.busy || s.reuse.closed {
		return 0, false, nil
	}
	if s.reuse.pstmt == 0 {
		tail := s.psql
		if pstmt, err = s.c.prepareV2(&tail); err != nil {
			return 0, true, err
		}
		if pstmt == 0 || *(*byte)(unsafe.Pointer(tail)) != 0 {
			if pstmt != 0 {
				s.c.finalize(pstmt)
			}
			s.reuse.off = true
			return 0, false, nil
		}
		s.reuse.pstmt = pstmt
	}
	s.reuse.busy = true
	return s.reuse.pstmt, true, nil
}

// release ends an execution of the kept program: its bound values are dropped before the
// memory they point to (bound without a copy) is freed.
func (s *stmtReuse) release(c *conn, allocs []uintptr) error {
	sqlite3.Xsqlite3_reset(c.tls, s.pstmt)
	sqlite3.Xsqlite3_clear_bindings(c.tls, s.pstmt)
	for _, p := range allocs {
		c.free(p)
	}
	s.busy = false
	if s.closed {
		pstmt := s.pstmt
		s.pstmt = 0
		return c.finalize(pstmt)
	}
	return nil
}

// closeKept finalizes the kept program now, or when the rows still reading it close.
func (s *stmt) closeKept() error {
	s.reuse.closed = true
	if s.reuse.busy || s.reuse.pstmt == 0 {
		return nil
	}
	pstmt := s.reuse.pstmt
	s.reuse.pstmt = 0
	return s.c.finalize(pstmt)
}

// checkContext is upstream's start of an execution: an ended context runs nothing, and a
// context that ends while SQLite runs interrupts it.
func (s *stmt) checkContext(ctx context.Context, done *int32) (stop func(), err error) {
	if ctx == nil || ctx.Done() == nil {
		return func() {}, nil
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	default:
	}
	return interruptOnDone(ctx, s.c, done), nil
}

// startKept takes the kept program for one execution, after upstream's check of the
// context; ok = false: run upstream's way.
func (s *stmt) startKept(ctx context.Context, done *int32) (pstmt uintptr, stop func(), ok bool, err error) {
	if pstmt, ok, err = s.takeKept(); !ok || err != nil {
		return 0, nil, ok, err
	}
	if stop, err = s.checkContext(ctx, done); err != nil {
		s.reuse.release(s.c, nil)
		return 0, nil, true, err
	}
	return pstmt, stop, true, nil
}

// execKept is exec on the kept program; ok = false: run upstream's exec instead.
func (s *stmt) execKept(ctx context.Context, args []driver.NamedValue) (r driver.Result, err error, ok bool) {
	var done int32
	pstmt, stop, ok, err := s.startKept(ctx, &done)
	if !ok || err != nil {
		return nil, err, ok
	}
	defer stop()
	var allocs []uintptr
	defer func() {
		if e := s.reuse.release(s.c, allocs); err == nil && e != nil {
			err = e
		}
		if ctx != nil && atomic.LoadInt32(&done) != 0 {
			r, err = nil, ctx.Err()
		}
	}()
	if allocs, err = s.bindAll(pstmt, args); err != nil {
		return nil, err, true
	}
	rc, err := s.c.step(pstmt)
	if err != nil {
		return nil, err, true
	}
	switch rc & 0xff {
	case sqlite3.SQLITE_DONE, sqlite3.SQLITE_ROW:
		r, err = newResult(s.c)
		return r, err, true
	default:
		return nil, s.c.errstr(int32(rc)), true
	}
}

// queryKept is query on the kept program, whose rows give it back when they close;
// ok = false: run upstream's query instead.
func (s *stmt) queryKept(ctx context.Context, args []driver.NamedValue) (r driver.Rows, err error, ok bool) {
	var done int32
	pstmt, stop, ok, err := s.startKept(ctx, &done)
	if !ok || err != nil {
		return nil, err, ok
	}
	defer stop()
	allocs, err := s.bindAll(pstmt, args)
	if err != nil {
		s.reuse.release(s.c, nil)
		return nil, err, true
	}
	rc, err := s.c.step(pstmt)
	if err == nil && rc != sqlite3.SQLITE_ROW && rc != sqlite3.SQLITE_DONE {
		err = s.c.errstr(int32(rc))
	}
	if err == nil && ctx != nil && atomic.LoadInt32(&done) != 0 {
		err = ctx.Err()
	}
	if err != nil {
		s.reuse.release(s.c, allocs)
		return nil, err, true
	}
	rows := &rows{c: s.c, pstmt: pstmt, allocs: allocs, empty: rc == sqlite3.SQLITE_DONE, kept: &s.reuse}
	if err = rows.readColumns(); err != nil {
		rows.Close()
		return nil, err, true
	}
	return rows, nil, true
}

func (s *stmt) bindAll(pstmt uintptr, args []driver.NamedValue) ([]uintptr, error) {
	n, err := s.c.bindParameterCount(pstmt)
	if err != nil || n == 0 {
		return nil, err
	}
	return s.c.bind(pstmt, n, args)
}

// readColumns is newRows' reading of the column names.
func (r *rows) readColumns() error {
	n, err := r.c.columnCount(r.pstmt)
	if err != nil {
		return err
	}
	r.columns = make([]string, n)
	for i := range r.columns {
		if r.columns[i], err = r.c.columnName(r.pstmt, i); err != nil {
			return err
		}
	}
	return nil
}

// closeRows is rows.Close: the kept program is reset and given back, any other finalized.
func (r *rows) closeRows() error {
	if r.kept != nil {
		kept := r.kept
		r.kept = nil
		allocs := r.allocs
		r.allocs = nil
		return kept.release(r.c, allocs)
	}
	return r.closeUpstream()
}
