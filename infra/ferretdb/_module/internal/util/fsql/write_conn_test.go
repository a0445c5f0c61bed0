// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json).

package fsql

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

func openTestDB(t *testing.T, maxConns int) *DB {
	t.Helper()

	uri := "file:" + filepath.Join(t.TempDir(), "t.db") + "?_pragma=journal_mode(wal)"
	sqlDB, err := sql.Open("sqlite", uri)
	if err != nil {
		t.Fatal(err)
	}

	sqlDB.SetMaxOpenConns(maxConns)
	sqlDB.SetMaxIdleConns(maxConns)

	db := WrapDB(sqlDB, "test", slog.New(slog.NewTextHandler(io.Discard, nil)))
	t.Cleanup(func() { _ = db.Close() })

	if _, err = db.ExecContext(context.Background(), "CREATE TABLE t (v INTEGER)"); err != nil {
		t.Fatal(err)
	}

	return db
}

// insert writes the values into the table in one write transaction.
func insert(ctx context.Context, db *DB, table string, values ...int) error {
	return db.InTransaction(ctx, func(tx *Tx) error {
		for _, v := range values {
			if _, err := tx.ExecContext(ctx, "INSERT INTO "+table+" (v) VALUES (?)", v); err != nil {
				return err
			}
		}

		return nil
	})
}

// queryInt answers a query of one number.
func queryInt(t *testing.T, db *DB, query string) int {
	t.Helper()

	var n int
	if err := db.QueryRowContext(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}

	return n
}

// A TEMP table lives on the connection that created it: a write transaction finds the one
// the first created only when it runs on the same connection.
func TestWriteTransactionsRunOnOneConnection(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t, 10)

	err := db.InTransaction(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, "CREATE TEMP TABLE mark (v)")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	for i := 0; i < 20; i++ {
		// Rows held open keep the pool's most recently used connection busy, so a write
		// left to the pool would run on another one.
		rows, err := db.QueryContext(ctx, "SELECT v FROM t")
		if err != nil {
			t.Fatal(err)
		}

		if err = insert(ctx, db, "temp.mark", i); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}

		if err = rows.Close(); err != nil {
			t.Fatal(err)
		}
	}

	// Only the write connection sees the TEMP table: a write transaction counts it.
	var n int

	err = db.InTransaction(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, "SELECT count(*) FROM temp.mark").Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}

	if n != 20 {
		t.Fatalf("%d rows written, want 20", n)
	}
}

// The write connection is taken again from the pool once it has been given back (as after
// the driver gave it up), and a failed transaction leaves it usable.
func TestWriteConnectionIsReopenedAndSurvivesRollbacks(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t, 10)

	if err := insert(ctx, db, "t", 1); err != nil {
		t.Fatal(err)
	}

	db.writes.Lock()
	if err := db.writer.close(); err != nil {
		t.Fatal(err)
	}
	db.writes.Unlock()

	if err := insert(ctx, db, "t", 2); err != nil {
		t.Fatal(err)
	}

	// Its first insert succeeds, its second fails: the transaction takes both back.
	err := db.InTransaction(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, "INSERT INTO t (v) VALUES (100)"); err != nil {
			return err
		}

		_, err := tx.ExecContext(ctx, "INSERT INTO missing (v) VALUES (1)")

		return err
	})
	if err == nil {
		t.Fatal("insert into a missing table succeeded")
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()

	if err := insert(cancelled, db, "t", 1000); err == nil {
		t.Fatal("transaction with a cancelled context succeeded")
	}

	if err := insert(ctx, db, "t", 3); err != nil {
		t.Fatal(err)
	}

	if sum := queryInt(t, db, "SELECT sum(v) FROM t"); sum != 6 {
		t.Fatalf("sum of written values %d, want 6", sum)
	}
}

// Closing the database closes the write connection with the pool.
func TestCloseClosesTheWriteConnection(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t, 10)

	if err := insert(ctx, db, "t", 1); err != nil {
		t.Fatal(err)
	}

	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	if open := db.sqlDB.Stats().OpenConnections; open != 0 {
		t.Fatalf("%d connections open after Close", open)
	}
}
