// Added by Voy a Ganar's launcher (infra/ferretdb/patches.json): fastMarshal writes the
// bytes upstream's encoder writes.

package sjson

import (
	"bytes"
	"math"
	"math/rand"
	"testing"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// sameBytesAsUpstream fails when fastMarshal writes anything but upstream's bytes, and
// answers whether it wrote doc at all.
func sameBytesAsUpstream(t *testing.T, doc *types.Document) bool {
	t.Helper()

	fast, ok := fastMarshal(doc)
	want, err := marshalEncoder(doc)

	if !ok {
		return false
	}

	if err != nil {
		t.Fatalf("fastMarshal wrote what upstream refuses (%v): %s", err, fast)
	}

	if !bytes.Equal(fast, want) {
		t.Fatalf("fastMarshal and upstream differ:\nfast:     %s\nupstream: %s", fast, want)
	}

	return true
}

func TestFastMarshalWritesUpstreamsBytes(t *testing.T) {
	for _, numbers := range []int{0, 1, 27, 400} {
		if !sameBytesAsUpstream(t, purchaseLike(numbers)) {
			t.Fatalf("a purchase with %d numbers went to upstream's encoder", numbers)
		}
	}

	r := rand.New(rand.NewSource(3))
	written := 0

	for i := 0; i < 20000; i++ {
		doc := randomDocument(r)
		if sameBytesAsUpstream(t, doc) {
			written++
			continue
		}

		if data := must.NotFail(marshalEncoder(doc)); !leftToUpstream(data) {
			t.Fatalf("fastMarshal left to upstream a document it can write:\n%s", data)
		}
	}

	if written < 10000 {
		t.Fatalf("only %d of 20 000 documents written by fastMarshal", written)
	}
}

func TestFastMarshalLeavesNaNAndInfinityToUpstream(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		doc := must.NotFail(types.NewDocument("v", f))
		if _, ok := fastMarshal(doc); ok {
			t.Fatalf("fastMarshal wrote %v", f)
		}

		if _, err := Marshal(doc); err == nil {
			t.Fatalf("Marshal took %v", f)
		}
	}
}

func BenchmarkMarshalPurchase(b *testing.B) {
	doc := purchaseLike(27)
	benchmarkAgainstUpstream(b,
		func() { must.NotFail(Marshal(doc)) },
		func() { must.NotFail(marshalEncoder(doc)) },
	)
}
