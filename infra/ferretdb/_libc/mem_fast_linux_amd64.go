// Our build of modernc.org/libc (infra/ferretdb/libc-patches.json): musl's memcmp,
// memcpy and memmove, as ccgo translated them to Go, move or compare one byte (memcpy:
// one 4-byte word) per turn of a loop. SQLite calls them for every page it reads or
// writes, every record it compares and every JSON text its cache compares, so they were
// 9 % of the store's CPU in a sale. These do the same with Go's runtime routines (vector
// instructions); musl's stay under their new names for the test that compares the two.
package libc

import (
	"bytes"
	"unsafe"
)

// bytesAt is the n bytes at p. SQLite's buffers live in libc's heap or are pinned by
// their caller for the call, as for musl's loops over the same addresses.
func bytesAt(p uintptr, n Tsize_t) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), n)
}

// Xmemcmp answers the sign of the first difference, which is all C promises (musl
// answers the difference itself; SQLite only tests its sign).
func Xmemcmp(tls *TLS, vl uintptr, vr uintptr, n Tsize_t) int32 {
	if n == 0 {
		return 0
	}
	return int32(bytes.Compare(bytesAt(vl, n), bytesAt(vr, n)))
}

// Xmemcpy copies with Go's copy, which also handles overlapping ranges.
func Xmemcpy(tls *TLS, dest uintptr, src uintptr, n Tsize_t) uintptr {
	if n != 0 {
		copy(bytesAt(dest, n), bytesAt(src, n))
	}
	return dest
}

// Xmemmove is Xmemcpy: copy is a memmove.
func Xmemmove(tls *TLS, dest uintptr, src uintptr, n Tsize_t) uintptr {
	return Xmemcpy(tls, dest, src, n)
}
