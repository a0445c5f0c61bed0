// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json): every write transaction
// runs on one connection.

package fsql

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
)

// writeConn is the connection the database's write transactions run on, one after the
// other (the DB's writes mutex guards it).
//
// SQLite keeps a page cache per connection and, in WAL mode, drops all of it when a
// transaction begins after another connection has committed. A write transaction handed
// a connection other than the previous write's found its cache dropped and read its
// pages again (pread alone was 4.7 % of the store's CPU in a sale's profile). On one
// connection the pages a write touched stay cached for the next one; only the readers'
// connections still reload after each write.
type writeConn struct {
	conn *sql.Conn
}

// begin starts a transaction on the write connection, taking one from the pool the first
// time and again after the driver has given it up.
func (w *writeConn) begin(ctx context.Context, db *sql.DB) (*sql.Tx, error) {
	for attempt := 0; ; attempt++ {
		if w.conn == nil {
			// ctx bounds the wait for a connection only; the connection stays open after.
			conn, err := db.Conn(ctx)
			if err != nil {
				return nil, err
			}

			w.conn = conn
		}

		tx, err := w.conn.BeginTx(ctx, nil)
		if attempt == 0 && (errors.Is(err, sql.ErrConnDone) || errors.Is(err, driver.ErrBadConn)) {
			_ = w.close()
			continue
		}

		return tx, err
	}
}

// close gives the connection back to the pool (which closes it when the pool closes).
func (w *writeConn) close() error {
	if w.conn == nil {
		return nil
	}

	err := w.conn.Close()
	w.conn = nil

	return err
}
