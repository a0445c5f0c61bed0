// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json): fastUnmarshal decodes
// exactly what upstream's decoder decodes, or leaves the input to it.

package sjson

import (
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// purchaseLike is a stored purchase as the sale writes it: nested documents, an outbox
// event, numbers, notifications, Spanish text and a URL with escaped characters.
func purchaseLike(numbers int) *types.Document {
	assigned := types.MakeArray(numbers)
	for i := 0; i < numbers; i++ {
		assigned.Append(strings.Repeat("0", 5) + string(rune('0'+i%10)))
	}

	at := time.UnixMilli(1795759023654)

	return must.NotFail(types.NewDocument(
		"_id", "12d8951a-2832-475a-a1bd-8ef839a37b22",
		"raffleId", "current",
		"createdAt", at,
		"buyer", must.NotFail(types.NewDocument(
			"firstName", "María José",
			"lastName", "Guamán \"Pepa\" Ñáñez",
			"email", "comprador@example.com",
			"document", "1710034065",
		)),
		"resellerCode", types.Null,
		"quantity", int32(numbers),
		"unitPrice", 1.25,
		"totalPrice", float64(numbers)*1.25,
		"sequence", int64(1)<<40,
		"reservation", must.NotFail(types.NewDocument("active", false, "expiresAt", at)),
		"assignedNumbers", assigned,
		"outbox", must.NotFail(types.NewDocument(
			"purchase_paid", must.NotFail(types.NewDocument(
				"event", must.NotFail(types.NewDocument(
					"type", "purchase.paid",
					"url", "https://voyaganar.ec/orden/x?a=1&b=<2>",
					"data", must.NotFail(types.NewDocument()),
				)),
				"publishedAt", types.Null,
			)),
		)),
		"notifications", must.NotFail(types.NewDocument(
			"email", must.NotFail(types.NewDocument("status", "sent", "attempts", int32(1))),
		)),
		"reviewLog", must.NotFail(types.NewArray()),
	))
}

// randomValue draws a value of any type FerretDB stores, nesting up to depth.
func randomValue(r *rand.Rand, depth int) any {
	kinds := 12
	if depth <= 0 {
		kinds = 10 // no more documents or arrays
	}

	switch r.Intn(kinds) {
	case 0:
		return randomString(r)
	case 1:
		return []float64{0, math.Copysign(0, -1), 1.5, -2, 1e21, 5e-324, math.MaxFloat64, 0.1, 3}[r.Intn(9)]
	case 2:
		return []int32{0, -1, 7, math.MaxInt32, math.MinInt32}[r.Intn(5)]
	case 3:
		return []int64{0, -1, 1 << 53, math.MaxInt64, math.MinInt64}[r.Intn(5)]
	case 4:
		return r.Intn(2) == 0
	case 5:
		return time.UnixMilli(r.Int63n(1<<45) - 1<<44)
	case 6:
		return types.Null
	case 7:
		var id types.ObjectID
		r.Read(id[:])
		return id
	case 8:
		// Left to upstream's decoder: binary data, a regular expression, a timestamp.
		return []any{
			types.Binary{Subtype: types.BinaryGeneric, B: []byte{1, 2, 3}},
			types.Regex{Pattern: "^a.*", Options: "i"},
			types.Timestamp(42),
		}[r.Intn(3)]
	case 9:
		return int32(r.Intn(1000))
	case 10:
		doc := must.NotFail(types.NewDocument())
		for i, n := 0, r.Intn(5); i < n; i++ {
			doc.Set(randomKey(r), randomValue(r, depth-1))
		}

		return doc
	default:
		arr := types.MakeArray(0)
		for i, n := 0, r.Intn(5); i < n; i++ {
			arr.Append(randomValue(r, depth-1))
		}

		return arr
	}
}

func randomString(r *rand.Rand) string {
	pieces := []string{"", "a", "Ñandú", "€", "\"", "\\", "&", "<", ">", "\u2028", "\n", "\t", "\x01", "😀", "\xff", "/"}

	var b strings.Builder
	for i, n := 0, r.Intn(6); i < n; i++ {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}

	return b.String()
}

func randomKey(r *rand.Rand) string {
	keys := []string{"a", "b", "status", "número", "x_y", "k1", "k2", "a&b<c>"}
	return keys[r.Intn(len(keys))]
}

func randomDocument(r *rand.Rand) *types.Document {
	doc := must.NotFail(types.NewDocument())
	for i, n := 0, r.Intn(8); i < n; i++ {
		doc.Set(randomKey(r), randomValue(r, 3))
	}

	return doc
}

// sameAsUpstream fails when fastUnmarshal decodes data to anything but what upstream's
// decoder gives, and answers whether it decoded data at all.
func sameAsUpstream(t *testing.T, data []byte) bool {
	t.Helper()

	fast, ok := fastUnmarshal(data)
	if !ok {
		return false
	}

	slow, err := unmarshalDecoder(data)
	if err != nil {
		t.Fatalf("fastUnmarshal took what upstream refuses (%v):\n%s", err, data)
	}

	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fastUnmarshal and upstream differ:\n%s\nfast: %#v\nupstream: %#v", data, fast, slow)
	}

	return true
}

// leftToUpstream is true when the document holds a type fastUnmarshal does not decode.
func leftToUpstream(data []byte) bool {
	for _, t := range []string{`"t":"binData"`, `"t":"regex"`, `"t":"timestamp"`} {
		if strings.Contains(string(data), t) {
			return true
		}
	}

	return false
}

func TestFastUnmarshalDecodesWhatMarshalWrites(t *testing.T) {
	for _, numbers := range []int{0, 1, 27, 400} {
		data := must.NotFail(Marshal(purchaseLike(numbers)))
		if !sameAsUpstream(t, data) {
			t.Fatalf("a purchase with %d numbers went to upstream's decoder:\n%s", numbers, data)
		}
	}

	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		data := must.NotFail(Marshal(randomDocument(r)))
		if !sameAsUpstream(t, data) && !leftToUpstream(data) {
			t.Fatalf("fastUnmarshal refused a document Marshal wrote:\n%s", data)
		}
	}
}

func TestFastUnmarshalLeavesEverythingElseToUpstream(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	edits := []string{
		"", " ", "null", "0", "-", "\"", "\\", ",", ":", "{", "}", "[", "]", "1e5", "\"x\"", "true",
		"\xff", "\n", "\x01", "\\u00", "\\ud800", "\\\"", "ñ",
	}
	decoded := 0

	for i := 0; i < 200000; i++ {
		data := []byte(must.NotFail(Marshal(randomDocument(r))))
		if len(data) < 2 {
			continue
		}

		// Replace a few bytes at random places with JSON fragments.
		for n := 1 + r.Intn(2); n > 0; n-- {
			at := r.Intn(len(data))
			cut := r.Intn(3)
			if at+cut > len(data) {
				cut = len(data) - at
			}

			edit := edits[r.Intn(len(edits))]
			data = append(data[:at:at], append([]byte(edit), data[at+cut:]...)...)
		}

		if sameAsUpstream(t, data) {
			decoded++
		}
	}

	// Some edits keep the document valid (a value for another of its type): those must
	// have been compared, not only refused.
	if decoded < 1000 {
		t.Fatalf("only %d corrupted documents were decoded: the comparison hardly ran", decoded)
	}
}

func BenchmarkUnmarshalPurchase(b *testing.B) {
	data := must.NotFail(Marshal(purchaseLike(27)))
	benchmarkAgainstUpstream(b,
		func() { must.NotFail(Unmarshal(data)) },
		func() { must.NotFail(unmarshalDecoder(data)) },
	)
}

// benchmarkAgainstUpstream runs ours and upstream's code for the same input side by side.
func benchmarkAgainstUpstream(b *testing.B, ours, upstream func()) {
	for name, run := range map[string]func(){"fast": ours, "upstream": upstream} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				run()
			}
		})
	}
}
