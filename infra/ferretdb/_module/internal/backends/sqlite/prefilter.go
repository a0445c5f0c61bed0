// Added to FerretDB v1.24.2 by our build (infra/ferretdb/patches.json).
//
// The handler decodes every row the backend returns (sjson, in Go: most of the store's
// CPU) and only then applies the filter. A query whose rows are mostly not matches, such
// as the pipeline's safety nets (events not yet relayed, failed notifications, paid
// purchases still without numbers), decoded the whole collection to find a handful.
// prefilter turns the parts of a filter SQLite can check on the stored JSON ($exists,
// null, equality on scalars, date ranges, $and, $or) into conditions of the WHERE clause,
// so that a row that cannot match is never decoded. Like the index clause, each condition
// keeps every row MongoDB could match; the handler still filters exactly.
package sqlite

import (
	"fmt"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// condition is a piece of SQL and its arguments, in order.
type condition struct {
	sql  string
	args []any
}

// and joins conditions; the empty condition when there is none.
func and(conds []condition) condition {
	var parts []string
	var args []any

	for _, c := range conds {
		parts = append(parts, c.sql)
		args = append(args, c.args...)
	}

	return condition{sql: strings.Join(parts, " AND "), args: args}
}

// prefilter is every condition SQLite can check for filter but the one on skip (the
// index search has it); none for a filter of operators it does not know.
func prefilter(filter *types.Document, skip string) condition {
	var conds []condition

	for _, key := range filter.Keys() {
		value := valueOf(filter, key)

		switch {
		case key == "$and":
			for _, branch := range documentsOf(value) {
				if c := prefilter(branch, ""); c.sql != "" {
					conds = append(conds, condition{sql: "(" + c.sql + ")", args: c.args})
				}
			}
		case key == "$or":
			if c, ok := anyOf(documentsOf(value)); ok {
				conds = append(conds, c)
			}
		case key == skip, strings.HasPrefix(key, "$"), !plainPath(key), strings.ContainsAny(key, `"\`):
			continue
		default:
			conds = append(conds, fieldConditions(key, value)...)
		}
	}

	return and(conds)
}

// anyOf is the OR of the branches; none when a branch has no condition (it may match
// any row).
func anyOf(branches []*types.Document) (condition, bool) {
	if len(branches) == 0 {
		return condition{}, false
	}

	var parts []string
	var args []any

	for _, branch := range branches {
		c := prefilter(branch, "")
		if c.sql == "" {
			return condition{}, false
		}

		parts = append(parts, "("+c.sql+")")
		args = append(args, c.args...)
	}

	return condition{sql: "(" + strings.Join(parts, " OR ") + ")", args: args}, true
}

// fieldConditions are the conditions of one field's value: an equality ({f: v}) or a
// document of operators ({f: {$exists: true, $lt: d}}), each operator checked on its own.
func fieldConditions(field string, value any) []condition {
	ops, isDoc := value.(*types.Document)
	if !isDoc || ops.Len() == 0 || !strings.HasPrefix(ops.Keys()[0], "$") {
		if c, ok := equals(field, value); ok {
			return []condition{c}
		}

		return nil
	}

	var conds []condition

	for _, op := range ops.Keys() {
		operand := valueOf(ops, op)

		var c condition
		var ok bool

		switch op {
		case "$exists":
			c, ok = exists(field, operand)
		case "$eq":
			c, ok = equals(field, operand)
		case "$in":
			c, ok = equals(field, ops)
		case "$gt", "$gte", "$lt", "$lte":
			c, ok = dateRange(field, op, operand)
		}

		if ok {
			conds = append(conds, c)
		}
	}

	return conds
}

// equals: the field holds one of the equal scalars' texts, or null for {f: null} (which
// MongoDB also matches when f is missing), or an array (which may hold the value).
func equals(field string, value any) (condition, bool) {
	if value == types.Null {
		return orUnresolved(field, condition{
			sql:  "(json_type(%[1]s, ?) IS NULL OR json_type(%[1]s, ?) IN ('null', 'array'))",
			args: []any{jsonPath(field), jsonPath(field)},
		}), true
	}

	if d, isDoc := value.(*types.Document); isDoc && d.Len() == 1 && d.Keys()[0] == "$in" {
		if arr, _ := valueOf(d, "$in").(*types.Array); arr != nil && arr.Contains(types.Null) {
			return condition{}, false
		}
	}

	texts, ok := equalityTexts(value)
	if !ok {
		return condition{}, false
	}

	sql := fmt.Sprintf("(%s IN (%s) OR json_type(%%[1]s, ?) = 'array')", indexExpression(field), placeholders(len(texts)))

	return orUnresolved(field, condition{sql: sql, args: append(texts, jsonPath(field))}), true
}

// exists: json_type is NULL exactly where the path does not resolve.
func exists(field string, operand any) (condition, bool) {
	want, isBool := operand.(bool)
	if !isBool {
		return condition{}, false
	}

	sql := "json_type(%[1]s, ?) IS NULL"
	if want {
		sql = "json_type(%[1]s, ?) IS NOT NULL"
	}

	return orUnresolved(field, condition{sql: "(" + sql + ")", args: []any{jsonPath(field)}}), true
}

// dateRange compares a date with the stored milliseconds (sjson's form of a date); only
// numbers compare so in SQLite, and MongoDB never matches a date against a number's type
// bracket either, so the rows left out are never matches. Arrays may hold a match.
func dateRange(field, op string, operand any) (condition, bool) {
	t, isDate := operand.(time.Time)
	if !isDate {
		return condition{}, false
	}

	sqlOp := map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}[op]
	sql := fmt.Sprintf(
		"(json_type(%%[1]s, ?) IN ('integer', 'real') AND json_extract(%%[1]s, ?) %s ? OR json_type(%%[1]s, ?) = 'array')",
		sqlOp,
	)
	path := jsonPath(field)

	return orUnresolved(field, condition{sql: sql, args: []any{path, path, t.UnixMilli(), path}}), true
}

// orUnresolved adds, for a dotted path, the rows where a part on the way is an array:
// a.b looks into an array of documents in MongoDB, not in SQLite's JSON path. It also
// puts the column's name into the condition.
func orUnresolved(field string, c condition) condition {
	parts := strings.Split(field, ".")
	sql := c.sql
	args := c.args

	if len(parts) > 1 {
		sql = "(" + sql
		for i := 1; i < len(parts); i++ {
			sql += " OR json_type(%[1]s, ?) = 'array'"
			args = append(args, jsonPath(strings.Join(parts[:i], ".")))
		}
		sql += ")"
	}

	return condition{sql: fmt.Sprintf(sql, metadata.DefaultColumn), args: args}
}

// jsonPath is field as a path of SQLite's JSON functions, each name quoted.
func jsonPath(field string) string {
	return `$."` + strings.ReplaceAll(field, ".", `"."`) + `"`
}

// documentsOf is the documents of an array ($and, $or); nil if any element is not one.
func documentsOf(v any) []*types.Document {
	arr, isArr := v.(*types.Array)
	if !isArr {
		return nil
	}

	docs := make([]*types.Document, 0, arr.Len())

	for i := 0; i < arr.Len(); i++ {
		elem, _ := arr.Get(i)

		d, isDoc := elem.(*types.Document)
		if !isDoc {
			return nil
		}

		docs = append(docs, d)
	}

	return docs
}
