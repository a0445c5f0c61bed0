// Added to FerretDB v1.24.2 by our build (infra/ferretdb/patches.json).
//
// Upstream's SQLite backend narrows a query in SQL only by _id; every other filter
// decodes the whole table and filters in Go, although each index the collection has
// exists in SQLite as an expression index on _ferretdb_sjson->"field". This file turns
// one equality of the filter on the first field of such an index into a WHERE clause
// SQLite answers from that index. The handler still applies the whole filter to every
// row it gets (the backend contract allows partial filtering), so the clause must only
// ever return a superset of the matching documents, never miss one.
package sqlite

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// maxInValues bounds the $in lists pushed down; longer ones scan as upstream does.
const maxInValues = 100

// indexPushdown is the WHERE clause (with its leading space) and its arguments, or the
// empty clause when SQLite can narrow nothing: the index search of one equality.
func indexPushdown(meta *metadata.Collection, filter *types.Document) (string, []any) {
	if filter.Len() == 0 {
		return "", nil
	}

	// _id is never an array nor missing, so its equality needs no other branch, and the
	// one row it finds is not worth checking before the handler does.
	if texts, ok := equalityTexts(valueOf(filter, "_id")); ok {
		expr := indexExpression("_id")
		return fmt.Sprintf(" WHERE %s IN (%s)", expr, placeholders(len(texts))), texts
	}

	search, args, ok := indexSearch(meta, filter)
	if !ok {
		return "", nil
	}

	return " WHERE " + search, args
}

// indexSearch is the clause of the filter's first equality on the first field of an
// index, and its arguments.
func indexSearch(meta *metadata.Collection, filter *types.Document) (string, []any, bool) {
	for _, field := range filter.Keys() {
		if field == "_id" || !plainPath(field) || !leadsAnIndex(meta, field) {
			continue
		}

		texts, ok := equalityTexts(valueOf(filter, field))
		if !ok {
			continue
		}

		sql, args := candidatesClause(field, texts)

		return sql, args, true
	}

	return "", nil, false
}

// candidatesClause selects every row MongoDB's equality on field could match, each
// branch a search of field's index (SQLite answers an OR of indexable terms as a union):
//   - the stored value is one of texts (a scalar equal to the filter's value);
//   - the stored value is an array ("[…]": {f: "x"} matches arrays holding "x");
//   - for a dotted path, the path does not resolve (NULL): a.b also matches when a is
//     an array of documents, which SQLite's a->b does not look into.
func candidatesClause(field string, texts []any) (string, []any) {
	expr := indexExpression(field)
	clause := fmt.Sprintf(
		`(%[1]s IN (%[2]s) OR (%[1]s >= '[' AND %[1]s < '\')`,
		expr, placeholders(len(texts)),
	)

	if strings.Contains(field, ".") {
		clause += fmt.Sprintf(" OR %s IS NULL", expr)
	}

	return clause + ")", texts
}

// indexExpression writes field exactly as metadata's indexesCreate writes index
// columns: SQLite matches an expression index by the expression's form, so
// _ferretdb_sjson->'$.f' would not use an index built on _ferretdb_sjson->"f".
func indexExpression(field string) string {
	parts := strings.Split(field, ".")
	for i, p := range parts {
		parts[i] = fmt.Sprintf("%q", p)
	}

	return fmt.Sprintf("%s->%s", metadata.DefaultColumn, strings.Join(parts, "->"))
}

// plainPath tells whether field is a path of field names SQLite reads as we mean:
//   - MongoDB reads a numeric part (a.0) as an array position as well, which SQLite's ->
//     does not mirror;
//   - indexesCreate quotes names with "…", which SQLite resolves to a column when one
//     has that name: _ferretdb_sjson->"oid" reads the rowid, not the field, and its
//     index (and our clause) would miss every document.
func plainPath(field string) bool {
	for _, part := range strings.Split(field, ".") {
		if part == "" || strings.HasPrefix(part, "$") {
			return false
		}

		switch lower := strings.ToLower(part); {
		case lower == "rowid", lower == "oid", lower == "_rowid_":
			return false
		case strings.HasPrefix(lower, strings.ToLower(backends.ReservedPrefix)):
			return false
		}

		if _, err := strconv.Atoi(part); err == nil {
			return false
		}
	}

	return true
}

func leadsAnIndex(meta *metadata.Collection, field string) bool {
	for _, index := range meta.Settings.Indexes {
		if len(index.Key) > 0 && index.Key[0].Field == field {
			return true
		}
	}

	return false
}

// equalityTexts gives, for a filter value that is an equality ({f: v}, {f: {$eq: v}}
// or {f: {$in: [v, …]}}), every JSON text SQLite's -> can return for a stored scalar
// MongoDB counts as equal to it; ok is false when that set is not known exactly.
func equalityTexts(v any) ([]any, bool) {
	if v == nil {
		return nil, false
	}

	values := []any{v}

	if d, isDoc := v.(*types.Document); isDoc {
		if d.Len() != 1 {
			return nil, false
		}

		switch op := d.Keys()[0]; op {
		case "$eq":
			values = []any{valueOf(d, op)}
		case "$in":
			arr, isArr := valueOf(d, op).(*types.Array)
			if !isArr || arr.Len() == 0 || arr.Len() > maxInValues {
				return nil, false
			}

			values = make([]any, arr.Len())
			for i := range values {
				values[i], _ = arr.Get(i)
			}
		default:
			return nil, false
		}
	}

	var texts []any

	for _, value := range values {
		t, ok := scalarTexts(value)
		if !ok {
			return nil, false
		}

		texts = append(texts, t...)
	}

	return texts, true
}

// maxExactInteger is the largest magnitude at which int32, int64 and double hold the
// same integers, so that one decimal text stands for all of them.
const maxExactInteger = 1 << 53

// scalarTexts is the set of JSON texts (as sjson stores them) of the values MongoDB
// counts as equal to v.
func scalarTexts(v any) ([]any, bool) {
	switch v := v.(type) {
	case string:
		// Only strings JSON writes without escapes: how SQLite renders an escaped string
		// is its business, and lookups by e-mail, code or id never need one.
		b, _ := json.Marshal(v)
		if string(b) != `"`+v+`"` {
			return nil, false
		}

		return []any{string(b)}, true
	case types.ObjectID:
		// sjson stores an ObjectID as its hex string; a string of the same hex is also
		// returned, and the handler's filter drops it.
		return []any{`"` + fmt.Sprintf("%x", v[:]) + `"`}, true
	case bool:
		return []any{strconv.FormatBool(v)}, true
	case time.Time:
		return []any{strconv.FormatInt(v.UnixMilli(), 10)}, true
	case int32:
		return integerTexts(int64(v))
	case int64:
		return integerTexts(v)
	case float64:
		return doubleTexts(v)
	default:
		return nil, false
	}
}

// integerTexts: int32 5, int64 5 and double 5.0 all equal 5 and are all stored as "5"
// (Go's JSON writes an integral double without a fraction below 1e21); a double zero
// may also be stored as "-0".
func integerTexts(i int64) ([]any, bool) {
	if i > maxExactInteger || i < -maxExactInteger {
		return nil, false
	}

	if i == 0 {
		return []any{"0", "-0"}, true
	}

	return []any{strconv.FormatInt(i, 10)}, true
}

func doubleTexts(f float64) ([]any, bool) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return nil, false
	case f == math.Trunc(f) && math.Abs(f) <= maxExactInteger:
		return integerTexts(int64(f))
	case f == math.Trunc(f) && math.Abs(f) < 1e21:
		// An integral double beyond 2^53 may equal an int64 that JSON writes differently.
		return nil, false
	default:
		// Only a double can equal a fractional or huge double, and equal doubles are
		// written alike.
		b, err := json.Marshal(f)
		if err != nil {
			return nil, false
		}

		return []any{string(b)}, true
	}
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// valueOf is d's value for key, nil when d has none.
func valueOf(d *types.Document, key string) any {
	v, _ := d.Get(key)
	return v
}
