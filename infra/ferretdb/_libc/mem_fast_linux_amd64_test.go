package libc

import (
	"math/rand"
	"testing"
	"unsafe"
)

func address(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

func sign(x int32) int32 {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Lengths around the word and vector sizes, and unaligned starts, where the two could part.
func lengths(r *rand.Rand) []int {
	ns := []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 4096, 5000}
	for i := 0; i < 50; i++ {
		ns = append(ns, r.Intn(9000))
	}
	return ns
}

func TestFastMemcmpAgreesWithMusl(t *testing.T) {
	tls := NewTLS()
	defer tls.Close()
	r := rand.New(rand.NewSource(1))
	for _, n := range lengths(r) {
		for offset := 0; offset < 3; offset++ {
			a := make([]byte, n+offset+1)
			r.Read(a)
			b := append([]byte(nil), a...)
			cases := [][]byte{b}
			if n > 0 {
				for _, at := range []int{0, n / 2, n - 1, r.Intn(n)} {
					c := append([]byte(nil), a...)
					c[offset+at] ^= byte(1 + r.Intn(255))
					cases = append(cases, c)
				}
			}
			for _, c := range cases {
				pa, pc := address(a)+uintptr(offset), address(c)+uintptr(offset)
				got := Xmemcmp(tls, pa, pc, Tsize_t(n))
				want := sign(muslMemcmp(tls, pa, pc, Tsize_t(n)))
				if got != want {
					t.Fatalf("memcmp of %d bytes at +%d: got %d, musl's sign %d", n, offset, got, want)
				}
			}
		}
	}
}

func TestFastMemcpyAndMemmoveAgreeWithMusl(t *testing.T) {
	tls := NewTLS()
	defer tls.Close()
	r := rand.New(rand.NewSource(2))
	for _, n := range lengths(r) {
		size := 2*n + 16
		source := make([]byte, size)
		r.Read(source)
		// Separate buffers, then the same buffer with the ranges overlapping either way.
		for _, shift := range []int{-size, -7, -1, 1, 7} {
			ours, musl := append([]byte(nil), source...), append([]byte(nil), source...)
			from, to := n/2+8, n/2+8+shift
			if shift == -size {
				from, to = 0, n+8
			}
			if to < 0 || to+n > size {
				continue
			}
			Xmemmove(tls, address(ours)+uintptr(to), address(ours)+uintptr(from), Tsize_t(n))
			muslMemmove(tls, address(musl)+uintptr(to), address(musl)+uintptr(from), Tsize_t(n))
			if string(ours) != string(musl) {
				t.Fatalf("memmove of %d bytes from %d to %d differs from musl's", n, from, to)
			}
		}
		ours, musl := make([]byte, n+3), make([]byte, n+3)
		if got := Xmemcpy(tls, address(ours)+3, address(source)+1, Tsize_t(n)); got != address(ours)+3 {
			t.Fatalf("memcpy answered %x, not its destination", got)
		}
		muslMemcpy(tls, address(musl)+3, address(source)+1, Tsize_t(n))
		if string(ours) != string(musl) {
			t.Fatalf("memcpy of %d bytes differs from musl's", n)
		}
	}
}
