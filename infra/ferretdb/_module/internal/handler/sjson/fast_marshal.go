// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json): Marshal writes a
// document into one buffer.

package sjson

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// Marshal encodes given document fields and set its schema in the field $s.
//
// Upstream's encoder (marshalEncoder) gives every nested value a buffer of its own and
// every key, string and number a call of encoding/json.Marshal; every write of a
// document pays for it. fastMarshal writes the same bytes into one buffer, asking
// encoding/json only for what it would escape and for doubles; documents holding binary
// data, regular expressions or timestamps go upstream's way, whole.
func Marshal(d *types.Document) ([]byte, error) {
	if d == nil {
		panic("v is nil")
	}

	if b, ok := fastMarshal(d); ok {
		return b, nil
	}

	return marshalEncoder(d)
}

func fastMarshal(d *types.Document) ([]byte, bool) {
	b := make([]byte, 0, 1024)
	b = append(b, `{"$s":`...)

	b, ok := appendSchema(b, d)
	if !ok {
		return nil, false
	}

	keys, values := d.Keys(), d.Values()
	for i, key := range keys {
		// Upstream writes the top level's keys as they are.
		b = append(b, `,"`...)
		b = append(b, key...)
		b = append(b, `":`...)

		if b, ok = appendValue(b, values[i]); !ok {
			return nil, false
		}
	}

	return append(b, '}'), true
}

// appendSchema writes marshalSchemaForDoc's bytes.
func appendSchema(b []byte, td *types.Document) ([]byte, bool) {
	keys := td.Keys()
	if len(keys) == 0 {
		return append(b, `{}`...), true
	}

	b = append(b, `{"p":{`...)

	b, ok := appendFields(b, td, appendElem)
	if !ok {
		return nil, false
	}

	b = append(b, `},"$k":[`...)

	for i, key := range keys {
		if i > 0 {
			b = append(b, ',')
		}

		b = appendString(b, key)
	}

	return append(b, `]}`...), true
}

// appendFields writes `"<key>":<what appendOne writes for its value>` for each of td's
// keys, comma separated: a schema's properties, or a nested document's values.
func appendFields(b []byte, td *types.Document, appendOne func([]byte, any) ([]byte, bool)) ([]byte, bool) {
	var ok bool

	for i, key := range td.Keys() {
		if i > 0 {
			b = append(b, ',')
		}

		b = appendString(b, key)
		b = append(b, ':')

		if b, ok = appendOne(b, must.NotFail(td.Get(key))); !ok {
			return nil, false
		}
	}

	return b, true
}

// appendElem writes marshalElemForSingleValue's bytes.
func appendElem(b []byte, value any) ([]byte, bool) {
	switch val := value.(type) {
	case *types.Document:
		b = append(b, `{"t":"object","$s":`...)

		b, ok := appendSchema(b, val)
		if !ok {
			return nil, false
		}

		return append(b, '}'), true
	case *types.Array:
		b = append(b, `{"t":"array","i":[`...)

		var ok bool

		for i := 0; i < val.Len(); i++ {
			if i > 0 {
				b = append(b, ',')
			}

			if b, ok = appendElem(b, must.NotFail(val.Get(i))); !ok {
				return nil, false
			}
		}

		return append(b, `]}`...), true
	case float64:
		return append(b, `{"t":"double"}`...), true
	case string:
		return append(b, `{"t":"string"}`...), true
	case types.ObjectID:
		return append(b, `{"t":"objectId"}`...), true
	case bool:
		return append(b, `{"t":"bool"}`...), true
	case time.Time:
		return append(b, `{"t":"date"}`...), true
	case types.NullType:
		return append(b, `{"t":"null"}`...), true
	case int32:
		return append(b, `{"t":"int"}`...), true
	case int64:
		return append(b, `{"t":"long"}`...), true
	default:
		return nil, false // binary data, regular expressions, timestamps: upstream's way
	}
}

// appendValue writes MarshalSingleValue's bytes.
func appendValue(b []byte, value any) ([]byte, bool) {
	var ok bool

	switch val := value.(type) {
	case *types.Document:
		if b, ok = appendFields(append(b, '{'), val, appendValue); !ok {
			return nil, false
		}

		return append(b, '}'), true
	case *types.Array:
		b = append(b, '[')

		for i := 0; i < val.Len(); i++ {
			if i > 0 {
				b = append(b, ',')
			}

			if b, ok = appendValue(b, must.NotFail(val.Get(i))); !ok {
				return nil, false
			}
		}

		return append(b, ']'), true
	case float64:
		f, err := json.Marshal(val) // its own format, and its error for NaN and infinities
		if err != nil {
			return nil, false
		}

		return append(b, f...), true
	case string:
		return appendString(b, val), true
	case types.ObjectID:
		b = append(b, '"')
		b = hex.AppendEncode(b, val[:])

		return append(b, '"'), true
	case bool:
		return strconv.AppendBool(b, val), true
	case time.Time:
		return strconv.AppendInt(b, val.UnixMilli(), 10), true
	case types.NullType:
		return append(b, "null"...), true
	case int32:
		return strconv.AppendInt(b, int64(val), 10), true
	case int64:
		return strconv.AppendInt(b, val, 10), true
	default:
		return nil, false
	}
}

// appendString writes s as encoding/json.Marshal does: quoted, and escaped through it
// when s holds anything it escapes (quotes, backslashes, control characters, <, > and &,
// invalid UTF-8, U+2028 and U+2029).
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return append(b, must.NotFail(json.Marshal(s))...)
			}

			i++

			continue
		}

		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || r == '\u2028' || r == '\u2029' {
			return append(b, must.NotFail(json.Marshal(s))...)
		}

		i += size
	}

	b = append(b, '"')
	b = append(b, s...)

	return append(b, '"')
}
