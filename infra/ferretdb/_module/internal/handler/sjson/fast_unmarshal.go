// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json): a one-pass decoder for
// the documents FerretDB itself writes.

package sjson

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
)

// Unmarshal decodes the top-level document.
//
// Upstream's decoder (unmarshalDecoder) builds a new encoding/json Decoder for every
// nested value, decodes each object into a map of raw messages and then every value again
// on its own: a document is scanned once per level it is nested in, by reflection, with
// an allocation or more per value. That was a third of the store's CPU in a sale.
// fastUnmarshal reads the canonical form Marshal writes ("$s" first, no whitespace, data
// keys in the schema's order) in one pass; anything else (another order, whitespace,
// binary data, regular expressions, timestamps, a number or string it does not take
// exactly) goes to upstream's decoder, so every answer and every error is upstream's.
func Unmarshal(data []byte) (*types.Document, error) {
	if doc, ok := fastUnmarshal(data); ok {
		return doc, nil
	}

	return unmarshalDecoder(data)
}

// fastSchema is a document's schema as Marshal writes it: its properties in key order.
type fastSchema struct {
	keys  []string
	elems []*fastElem
}

// fastElem is one value's schema; scalars share one per type.
type fastElem struct {
	t      elemType
	schema *fastSchema // object
	items  []*fastElem // array
}

var fastScalars = map[string]*fastElem{
	string(elemTypeDouble):   {t: elemTypeDouble},
	string(elemTypeString):   {t: elemTypeString},
	string(elemTypeObjectID): {t: elemTypeObjectID},
	string(elemTypeBool):     {t: elemTypeBool},
	string(elemTypeDate):     {t: elemTypeDate},
	string(elemTypeNull):     {t: elemTypeNull},
	string(elemTypeInt):      {t: elemTypeInt},
	string(elemTypeLong):     {t: elemTypeLong},
}

// fastScanner reads JSON without whitespace; every method reports false where the input
// leaves the canonical form, and the caller gives up.
type fastScanner struct {
	b []byte
	i int
}

func fastUnmarshal(data []byte) (*types.Document, bool) {
	s := fastScanner{b: data}
	if !s.byte('{') || !s.literal(`"$s":`) {
		return nil, false
	}

	sch, ok := s.cachedSchema()
	if !ok {
		return nil, false
	}

	doc := types.MakeDocument(len(sch.keys))
	for i, key := range sch.keys {
		if !s.byte(',') || !s.key(key) {
			return nil, false
		}

		v, ok := s.value(sch.elems[i])
		if !ok {
			return nil, false
		}

		doc.Set(key, v)
	}

	if !s.byte('}') || s.i != len(s.b) {
		return nil, false
	}

	return doc, true
}

func (s *fastScanner) byte(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}

	return false
}

func (s *fastScanner) literal(lit string) bool {
	if len(s.b)-s.i >= len(lit) && string(s.b[s.i:s.i+len(lit)]) == lit {
		s.i += len(lit)
		return true
	}

	return false
}

// key reads `"<want>":`.
func (s *fastScanner) key(want string) bool {
	got, ok := s.string()
	return ok && got == want && s.byte(':')
}

// string reads a JSON string the way encoding/json does: plain text as it is, and text
// with escapes or invalid UTF-8 through encoding/json itself.
func (s *fastScanner) string() (string, bool) {
	if !s.byte('"') {
		return "", false
	}

	start := s.i
	escaped, ascii := false, true

	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			raw := s.b[start:s.i]
			s.i++

			if escaped || (!ascii && !utf8.Valid(raw)) {
				var out string
				if json.Unmarshal(s.b[start-1:s.i], &out) != nil {
					return "", false
				}

				return out, true
			}

			return string(raw), true
		case c == '\\':
			escaped = true
			s.i++ // the escaped character, which may be a quote
		case c < 0x20:
			return "", false // not JSON: upstream reports it
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}

	return "", false
}

// number reads a JSON number's text; integer is true when it has no fraction or exponent.
func (s *fastScanner) number() (text string, integer, ok bool) {
	start := s.i
	s.byte('-')

	switch {
	case s.byte('0'):
	case s.i < len(s.b) && s.b[s.i] >= '1' && s.b[s.i] <= '9':
		s.digits()
	default:
		return "", false, false
	}

	integer = true

	if s.byte('.') {
		integer = false
		if !s.digits() {
			return "", false, false
		}
	}

	if s.byte('e') || s.byte('E') {
		integer = false
		if !s.byte('+') {
			s.byte('-')
		}

		if !s.digits() {
			return "", false, false
		}
	}

	return string(s.b[start:s.i]), integer, true
}

func (s *fastScanner) digits() bool {
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}

	return s.i > start
}

// schemas keeps the schemas read so far by their text: a collection's documents come in
// a few shapes, and reading the schema was half the time of decoding a document. The
// schemas are never changed once read, so decoders share them. When full, it starts over.
var schemas = struct {
	sync.RWMutex
	byText map[string]*fastSchema
}{byText: make(map[string]*fastSchema)}

const maxSchemas = 1024

// cachedSchema reads the top level's schema, or takes the one read before from the same text.
func (s *fastScanner) cachedSchema() (*fastSchema, bool) {
	start := s.i
	end, ok := objectEnd(s.b, start)
	if !ok {
		return nil, false
	}

	schemas.RLock()
	sch := schemas.byText[string(s.b[start:end])]
	schemas.RUnlock()

	if sch != nil {
		s.i = end
		return sch, true
	}

	if sch, ok = s.schema(); !ok || s.i != end {
		return nil, false
	}

	schemas.Lock()
	if len(schemas.byText) >= maxSchemas {
		clear(schemas.byText)
	}
	schemas.byText[string(s.b[start:end])] = sch
	schemas.Unlock()

	return sch, true
}

// objectEnd answers where the JSON object starting at b[start] ends (the index after its
// closing brace), by its braces outside strings; schema() checks the rest.
func objectEnd(b []byte, start int) (int, bool) {
	if start >= len(b) || b[start] != '{' {
		return 0, false
	}

	depth := 0

	for i := start; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i + 1, true
			}
		}
	}

	return 0, false
}

// schema reads `{"p":{<key>:<elem>,…},"$k":[<key>,…]}` whose keys are the same, in the
// same order and without repeats, or `{}`.
func (s *fastScanner) schema() (*fastSchema, bool) {
	if s.literal(`{}`) {
		return &fastSchema{}, true
	}

	if !s.literal(`{"p":{`) {
		return nil, false
	}

	sch := new(fastSchema)

	for !s.byte('}') {
		if len(sch.keys) > 0 && !s.byte(',') {
			return nil, false
		}

		key, ok := s.string()
		if !ok || !s.byte(':') {
			return nil, false
		}

		e, ok := s.elem()
		if !ok {
			return nil, false
		}

		sch.keys = append(sch.keys, key)
		sch.elems = append(sch.elems, e)
	}

	if !s.literal(`,"$k":[`) {
		return nil, false
	}

	listed := 0

	for ; !s.byte(']'); listed++ {
		if listed > 0 && !s.byte(',') {
			return nil, false
		}

		key, ok := s.string()
		if !ok || listed >= len(sch.keys) || key != sch.keys[listed] {
			return nil, false
		}
	}

	if listed != len(sch.keys) || listed == 0 || repeats(sch.keys) || !s.byte('}') {
		return nil, false
	}

	return sch, true
}

// repeats is true when a key is there twice: upstream's maps would keep one of them and
// then refuse the document.
func repeats(keys []string) bool {
	if len(keys) > 16 {
		seen := make(map[string]struct{}, len(keys))
		for _, key := range keys {
			if _, dup := seen[key]; dup {
				return true
			}

			seen[key] = struct{}{}
		}

		return false
	}

	for i, key := range keys {
		for _, other := range keys[:i] {
			if key == other {
				return true
			}
		}
	}

	return false
}

// elem reads `{"t":"<type>"}`, `{"t":"object","$s":<schema>}` or `{"t":"array","i":[…]}`.
func (s *fastScanner) elem() (*fastElem, bool) {
	if !s.literal(`{"t":`) {
		return nil, false
	}

	t, ok := s.string()
	if !ok {
		return nil, false
	}

	switch elemType(t) {
	case elemTypeObject:
		if !s.literal(`,"$s":`) {
			return nil, false
		}

		sch, ok := s.schema()
		if !ok || !s.byte('}') {
			return nil, false
		}

		return &fastElem{t: elemTypeObject, schema: sch}, true
	case elemTypeArray:
		if !s.literal(`,"i":[`) {
			return nil, false
		}

		items := []*fastElem{}

		for !s.byte(']') {
			if len(items) > 0 && !s.byte(',') {
				return nil, false
			}

			item, ok := s.elem()
			if !ok {
				return nil, false
			}

			items = append(items, item)
		}

		if !s.byte('}') {
			return nil, false
		}

		return &fastElem{t: elemTypeArray, items: items}, true
	default:
		scalar, ok := fastScalars[t]
		if !ok || !s.byte('}') {
			return nil, false // binData, regex and timestamp go upstream's way
		}

		return scalar, true
	}
}

// value reads one value of the given schema, as unmarshalSingleValue decodes it.
func (s *fastScanner) value(e *fastElem) (any, bool) {
	if s.literal("null") {
		return types.Null, true
	}

	switch e.t {
	case elemTypeObject:
		return s.object(e.schema)
	case elemTypeArray:
		return s.array(e.items)
	case elemTypeString:
		return s.string()
	case elemTypeBool:
		switch {
		case s.literal("true"):
			return true, true
		case s.literal("false"):
			return false, true
		}

		return nil, false
	case elemTypeDouble:
		text, _, ok := s.number()
		if !ok {
			return nil, false
		}

		f, err := strconv.ParseFloat(text, 64)

		return f, err == nil
	case elemTypeInt:
		text, integer, ok := s.number()
		if !ok || !integer {
			return nil, false
		}

		n, err := strconv.ParseInt(text, 10, 32)

		return int32(n), err == nil
	case elemTypeLong, elemTypeDate:
		text, integer, ok := s.number()
		if !ok || !integer {
			return nil, false
		}

		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, false
		}

		if e.t == elemTypeDate {
			return time.UnixMilli(n), true
		}

		return n, true
	case elemTypeObjectID:
		text, ok := s.string()
		if !ok || len(text) != 2*types.ObjectIDLen {
			return nil, false
		}

		var id types.ObjectID
		if _, err := hex.Decode(id[:], []byte(text)); err != nil {
			return nil, false
		}

		return id, true
	default:
		return nil, false // null's schema for a value that is not null: upstream's error
	}
}

// object reads a nested document: `{}` whatever its schema says, as upstream does, or its
// schema's keys in order.
func (s *fastScanner) object(sch *fastSchema) (any, bool) {
	if s.literal("{}") {
		return pointerToDocument(documentType{}), true
	}

	if !s.byte('{') || len(sch.keys) == 0 {
		return nil, false
	}

	doc := types.MakeDocument(len(sch.keys))
	for i, key := range sch.keys {
		if i > 0 && !s.byte(',') {
			return nil, false
		}

		if !s.key(key) {
			return nil, false
		}

		v, ok := s.value(sch.elems[i])
		if !ok {
			return nil, false
		}

		doc.Set(key, v)
	}

	if !s.byte('}') {
		return nil, false
	}

	return doc, true
}

func (s *fastScanner) array(items []*fastElem) (any, bool) {
	if !s.byte('[') {
		return nil, false
	}

	arr := types.MakeArray(len(items))
	for i, item := range items {
		if i > 0 && !s.byte(',') {
			return nil, false
		}

		v, ok := s.value(item)
		if !ok {
			return nil, false
		}

		arr.Append(v)
	}

	if !s.byte(']') {
		return nil, false
	}

	return arr, true
}

func pointerToDocument(d documentType) *types.Document {
	doc := types.Document(d)
	return &doc
}
