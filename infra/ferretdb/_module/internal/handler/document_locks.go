// Added to FerretDB v1.24.2 by our build (infra/ferretdb/patches.json).
//
// The handler applies update, findAndModify and delete as "query, change in Go, write
// back" with nothing holding the documents in between (FerretDB issue #3040), so two
// concurrent conditional updates of one document can both match and one $inc can
// overwrite another. MongoDB makes each single-document write atomic; these locks do
// the same inside this process, which owns the SQLite files:
//   - a statement whose filter pins _id to one value holds its collection shared and
//     that _id's stripe exclusively, so writes to different documents run side by side;
//   - any other statement holds its collection exclusively, since it may touch any
//     document.
//
// Inserts take no lock: SQLite's unique indexes already refuse a second document with
// the same key. Each statement is locked on its own, as MongoDB only promises
// atomicity per document, and a statement never holds more than one collection lock and
// one stripe, in that order, so locks cannot deadlock.
package handler

import (
	"context"
	"encoding/hex"
	"hash/fnv"
	"sync"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/handler/common"
	"github.com/FerretDB/FerretDB/internal/types"
)

// documentStripes spreads _id locks over a fixed set of mutexes: two documents rarely
// share one, and memory does not grow with the number of documents.
var documentStripes [512]sync.Mutex

var collectionLocks sync.Map // "db.collection" → *sync.RWMutex

// lockStatement takes the locks a write statement with filter needs and returns their
// release.
func lockStatement(dbName, collection string, filter *types.Document) (unlock func()) {
	coll := collectionLock(dbName + "." + collection)

	id, pinned := pinnedID(filter)
	if !pinned {
		coll.Lock()
		return coll.Unlock
	}

	h := fnv.New32a()
	h.Write([]byte(dbName + "\x00" + collection + "\x00" + id))
	stripe := &documentStripes[h.Sum32()%uint32(len(documentStripes))]

	coll.RLock()
	stripe.Lock()

	return func() {
		stripe.Unlock()
		coll.RUnlock()
	}
}

func collectionLock(name string) *sync.RWMutex {
	l, _ := collectionLocks.LoadOrStore(name, new(sync.RWMutex))
	return l.(*sync.RWMutex)
}

// pinnedID is the one _id a filter can match, for the _id types our documents use; an
// update or an upsert of such a filter only ever touches that document.
func pinnedID(filter *types.Document) (string, bool) {
	if filter == nil {
		return "", false
	}

	v, _ := filter.Get("_id")

	switch id := v.(type) {
	case string:
		return "s" + id, true
	case types.ObjectID:
		return "o" + hex.EncodeToString(id[:]), true
	default:
		return "", false
	}
}

// updateLocked runs the statements of an update command one by one, each under its
// locks, and adds up their results as updateDocument would for the whole command.
func (h *Handler) updateLocked(ctx context.Context, params *common.UpdateParams) (int32, int32, *types.Array, error) {
	var matched, modified int32
	upserted := types.MakeArray(0)

	for i, u := range params.Updates {
		one := *params
		one.Updates = []common.Update{u}

		unlock := lockStatement(params.DB, params.Collection, u.Filter)
		m, n, up, err := h.updateDocument(ctx, &one)
		unlock()

		if err != nil {
			return 0, 0, nil, err
		}

		matched += m
		modified += n

		// Upserted entries name the statement they came from.
		for j := 0; j < up.Len(); j++ {
			v, _ := up.Get(j)
			doc := v.(*types.Document)
			doc.Set("index", int32(i))
			upserted.Append(doc)
		}
	}

	return matched, modified, upserted, nil
}

// findAndModifyLocked is findAndModifyDocument under the locks of its query.
func (h *Handler) findAndModifyLocked(ctx context.Context, params *common.FindAndModifyParams) (*findAndModifyResult, error) {
	unlock := lockStatement(params.DB, params.Collection, params.Query)
	defer unlock()

	return h.findAndModifyDocument(ctx, params)
}

// execDeleteLocked is execDelete under the locks of the statement's filter.
func (h *Handler) execDeleteLocked(ctx context.Context, c backends.Collection, params *common.DeleteParams, p *common.Delete) (int32, error) {
	unlock := lockStatement(params.DB, params.Collection, p.Filter)
	defer unlock()

	return h.execDelete(ctx, c, p)
}
