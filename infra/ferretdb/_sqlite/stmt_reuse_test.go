package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// reuseConn runs f on one connection of a fresh database, at the driver's level.
func reuseConn(t *testing.T, f func(c *conn)) {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sc, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	if err := sc.Raw(func(dc any) error { f(dc.(*conn)); return nil }); err != nil {
		t.Fatal(err)
	}
}

func reusePrepare(t *testing.T, c *conn, query string) *stmt {
	t.Helper()
	s, err := c.prepare(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*stmt)
}

func reuseExec(t *testing.T, s *stmt, args ...any) {
	t.Helper()
	if _, err := s.exec(context.Background(), reuseArgs(args)); err != nil {
		t.Fatal(err)
	}
}

func reuseArgs(args []any) []driver.NamedValue {
	values := make([]driver.NamedValue, len(args))
	for i, v := range args {
		values[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return values
}

// reuseReadAll reads every row of a query of the statement, closing the rows.
func reuseReadAll(t *testing.T, s *stmt, args ...any) [][]driver.Value {
	t.Helper()
	r, err := s.query(context.Background(), reuseArgs(args))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return reuseDrain(t, r)
}

func reuseDrain(t *testing.T, r driver.Rows) [][]driver.Value {
	t.Helper()
	var all [][]driver.Value
	for {
		row := make([]driver.Value, len(r.Columns()))
		if err := r.Next(row); err == io.EOF {
			return all
		} else if err != nil {
			t.Fatal(err)
		}
		all = append(all, row)
	}
}

func TestKeptStatementRunsOneProgramForEveryExecution(t *testing.T) {
	reuseConn(t, func(c *conn) {
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY, s TEXT, b BLOB, f REAL, n)"))
		insert := reusePrepare(t, c, "INSERT INTO t (k, s, b, f, n) VALUES (?, ?, ?, ?, ?)")
		reuseExec(t, insert, int64(0), "first", []byte{1}, 0.5, nil)
		program := insert.reuse.pstmt
		if program == 0 {
			t.Fatal("no program kept after the first execution")
		}
		for k := int64(1); k < 200; k++ {
			// Texts of every length: each execution binds new memory and frees the last.
			reuseExec(t, insert, k, strings.Repeat("é", int(k)), []byte(strings.Repeat("x", int(k))), float64(k)/4, nil)
		}
		if insert.reuse.pstmt != program {
			t.Fatal("the statement was prepared again")
		}

		get := reusePrepare(t, c, "SELECT s, b, f, n FROM t WHERE k = ?")
		for k := int64(1); k < 200; k++ {
			rows := reuseReadAll(t, get, k)
			if len(rows) != 1 || rows[0][0] != strings.Repeat("é", int(k)) ||
				string(rows[0][1].([]byte)) != strings.Repeat("x", int(k)) ||
				rows[0][2] != float64(k)/4 || rows[0][3] != nil {
				t.Fatalf("row %d read back as %v", k, rows)
			}
		}
		if rows := reuseReadAll(t, get, int64(1000)); len(rows) != 0 {
			t.Fatalf("a missing key answered %v", rows)
		}
		if get.reuse.pstmt == 0 || get.reuse.busy {
			t.Fatalf("the query's program is not kept and free: %+v", get.reuse)
		}
	})
}

func TestSameStatementRunsAgainWhileItsRowsAreOpen(t *testing.T) {
	reuseConn(t, func(c *conn) {
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)"))
		insert := reusePrepare(t, c, "INSERT INTO t VALUES (?, ?)")
		for k := int64(0); k < 10; k++ {
			reuseExec(t, insert, k, "v"+string(rune('a'+k)))
		}
		scan := reusePrepare(t, c, "SELECT v FROM t WHERE k >= ? ORDER BY k")
		outer, err := scan.query(context.Background(), reuseArgs([]any{int64(0)}))
		if err != nil {
			t.Fatal(err)
		}
		first := make([]driver.Value, 1)
		if err := outer.Next(first); err != nil || first[0] != "va" {
			t.Fatalf("first row %v, %v", first, err)
		}
		program := scan.reuse.pstmt
		// The kept program is busy with outer: this one runs upstream's way.
		if inner := reuseReadAll(t, scan, int64(8)); len(inner) != 2 || inner[0][0] != "vi" || inner[1][0] != "vj" {
			t.Fatalf("inner rows %v", inner)
		}
		if rest := reuseDrain(t, outer); len(rest) != 9 || rest[8][0] != "vj" {
			t.Fatalf("outer rows after the first %v", rest)
		}
		if err := outer.Close(); err != nil {
			t.Fatal(err)
		}
		if rows := reuseReadAll(t, scan, int64(9)); len(rows) != 1 || rows[0][0] != "vj" {
			t.Fatalf("rows after both closed %v", rows)
		}
		if scan.reuse.pstmt != program {
			t.Fatal("the kept program was replaced")
		}
	})
}

func TestKeptStatementFollowsSchemaChanges(t *testing.T) {
	reuseConn(t, func(c *conn) {
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)"))
		reuseExec(t, reusePrepare(t, c, "INSERT INTO t VALUES (1, 'one')"))
		all := reusePrepare(t, c, "SELECT * FROM t")
		if rows := reuseReadAll(t, all); len(rows) != 1 || len(rows[0]) != 2 {
			t.Fatalf("before: %v", rows)
		}
		reuseExec(t, reusePrepare(t, c, "ALTER TABLE t ADD COLUMN w TEXT DEFAULT 'new'"))
		reuseExec(t, reusePrepare(t, c, "CREATE INDEX t_v ON t (v)"))
		if rows := reuseReadAll(t, all); len(rows) != 1 || len(rows[0]) != 3 || rows[0][2] != "new" {
			t.Fatalf("after a column was added: %v", rows)
		}
		reuseExec(t, reusePrepare(t, c, "DROP TABLE t"))
		if _, err := all.query(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "no such table") {
			t.Fatalf("a dropped table answered %v", err)
		}
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY)"))
		reuseExec(t, reusePrepare(t, c, "INSERT INTO t VALUES (7)"))
		if rows := reuseReadAll(t, all); len(rows) != 1 || rows[0][0] != int64(7) {
			t.Fatalf("after the table was made again: %v", rows)
		}
	})
}

func TestSeveralStatementsInOneTextRunUpstreamsWay(t *testing.T) {
	reuseConn(t, func(c *conn) {
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY)"))
		both := reusePrepare(t, c, "INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
		reuseExec(t, both)
		if !both.reuse.off || both.reuse.pstmt != 0 {
			t.Fatalf("a text of two statements was kept: %+v", both.reuse)
		}
		if rows := reuseReadAll(t, reusePrepare(t, c, "SELECT count(*) FROM t")); rows[0][0] != int64(2) {
			t.Fatalf("count %v", rows)
		}
	})
}

func TestFailedAndCancelledExecutionsLeaveTheProgramUsable(t *testing.T) {
	reuseConn(t, func(c *conn) {
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)"))
		insert := reusePrepare(t, c, "INSERT INTO t VALUES (?, ?)")
		reuseExec(t, insert, int64(1), "a")
		if _, err := insert.exec(context.Background(), reuseArgs([]any{int64(1), "again"})); err == nil ||
			!strings.Contains(err.Error(), "UNIQUE") {
			t.Fatalf("a duplicate key answered %v", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := insert.exec(ctx, reuseArgs([]any{int64(2), "b"})); !errors.Is(err, context.Canceled) {
			t.Fatalf("a cancelled exec answered %v", err)
		}
		if _, err := insert.query(ctx, reuseArgs([]any{int64(2), "b"})); !errors.Is(err, context.Canceled) {
			t.Fatalf("a cancelled query answered %v", err)
		}
		if insert.reuse.busy {
			t.Fatal("the program stayed busy")
		}
		reuseExec(t, insert, int64(3), "c")
		if rows := reuseReadAll(t, reusePrepare(t, c, "SELECT k, v FROM t ORDER BY k")); len(rows) != 2 ||
			rows[1][0] != int64(3) || rows[1][1] != "c" {
			t.Fatalf("rows %v", rows)
		}
	})
}

func TestStatementClosedWhileItsRowsAreOpen(t *testing.T) {
	reuseConn(t, func(c *conn) {
		reuseExec(t, reusePrepare(t, c, "CREATE TABLE t (k INTEGER PRIMARY KEY)"))
		reuseExec(t, reusePrepare(t, c, "INSERT INTO t VALUES (1), (2), (3)"))
		// conn.query's way: the statement is closed as soon as its rows are returned.
		s := reusePrepare(t, c, "SELECT k FROM t WHERE k >= ? ORDER BY k")
		r, err := s.query(context.Background(), reuseArgs([]any{int64(2)}))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if rows := reuseDrain(t, r); len(rows) != 2 || rows[1][0] != int64(3) {
			t.Fatalf("rows after the statement closed %v", rows)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		if s.reuse.pstmt != 0 {
			t.Fatal("the program outlived its statement and rows")
		}
	})
}

// Through database/sql, as FerretDB uses it: prepared statements on a pool of connections.
func TestPreparedStatementsOnAPool(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "t.db")+"?_pragma=journal_mode(wal)&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)"); err != nil {
		t.Fatal(err)
	}
	insert, err := db.Prepare("INSERT INTO t VALUES (?, ?)")
	if err != nil {
		t.Fatal(err)
	}
	get, err := db.Prepare("SELECT v FROM t WHERE k = ?")
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for w := 0; w < 8; w++ {
		go func(w int) {
			for i := 0; i < 100; i++ {
				k := w*1000 + i
				if _, err := insert.Exec(k, strings.Repeat("v", i+w)); err != nil {
					errs <- err
					return
				}
				var v string
				if err := get.QueryRow(k).Scan(&v); err != nil || v != strings.Repeat("v", i+w) {
					errs <- errors.Join(err, errors.New("read back "+v))
					return
				}
			}
			errs <- nil
		}(w)
	}
	for w := 0; w < 8; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := db.QueryRow("SELECT count(*) FROM t").Scan(&n); err != nil || n != 800 {
		t.Fatalf("count %d, %v", n, err)
	}
}
