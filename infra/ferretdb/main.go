// Command ferretdb-launcher runs FerretDB v1 on its SQLite backend as an embedded
// library: the upstream binary built with `go install` panics because its version
// file is git-ignored, while the embeddable package skips that check. The module it
// embeds is patched by the build (patches.json): lookups use the collection's indexes
// and single-document writes are atomic, rows that cannot match are not decoded,
// writers queue instead of sleeping in SQLite, and the WAL is checkpointed beside them
// rather than inside a commit (_module/).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	unix := flag.String("unix", "", "Unix socket to listen on as well: a client on this machine skips TCP")
	dir := flag.String("dir", "data/ferretdb", "directory holding the SQLite databases")
	level := flag.String("log-level", "error", "debug, info, warn or error (warn already logs every unsupported command)")
	// SQLite's default in WAL mode (FULL) syncs the disk on every commit, and every write
	// here is a commit; NORMAL survives a crash of this process, not a power cut.
	synchronous := flag.String("synchronous", "normal", "SQLite synchronous pragma: full or normal")
	// Go's default (100) collects garbage each time the heap doubles; FerretDB decodes every
	// document it touches into short-lived values, so at 100 collecting was over a quarter
	// of the store's CPU in a sellout. 400 lets the small heap grow fivefold between collections
	// (store CPU per purchase 32 → 23 ms, RESULTS.md run 7); the memory limit keeps a large
	// heap collecting as often as it must. GOGC and GOMEMLIMIT, when set, win.
	gcPercent := flag.Int("gc-percent", 400, "Go garbage collector target percentage (GOGC)")
	memoryLimit := flag.Int64("memory-limit-mb", 1024, "soft memory limit of the Go runtime in MiB (GOMEMLIMIT)")
	cpuProfile := flag.String("cpu-profile", "", "write a Go CPU profile of the whole run to this file (the benchmark's BENCH_CPU_PROF)")
	flag.Parse()
	tuneGarbageCollector(*gcPercent, *memoryLimit)

	var logLevel slog.Level
	if err := logLevel.UnmarshalText([]byte(*level)); err != nil {
		log.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: logLevel}))

	abs, err := filepath.Abs(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		log.Fatal(err)
	}

	if *unix != "" {
		removeStaleSocket(*unix)
	}

	db, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen, Unix: *unix},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/?_pragma=synchronous(" + *synchronous + ")",
	})
	if err != nil {
		log.Fatal(err)
	}

	if *cpuProfile != "" {
		stopProfile := startCPUProfile(*cpuProfile)
		defer stopProfile()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	fmt.Printf("ferretdb listening: mongodb://%s/\n", *listen)
	if err := db.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// startCPUProfile profiles until the returned function runs (on SIGTERM or SIGINT), so a
// benchmark can name what the store spends its CPU on.
func startCPUProfile(file string) func() {
	f, err := os.Create(file)
	if err != nil {
		log.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatal(err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// removeStaleSocket removes the socket file a killed store left behind (a closed listener
// removes its own): listening on it would fail with "address already in use".
func removeStaleSocket(file string) {
	if info, err := os.Lstat(file); err == nil && info.Mode()&os.ModeSocket != 0 {
		if err := os.Remove(file); err != nil {
			log.Fatal(err)
		}
	}
}

func tuneGarbageCollector(percent int, limitMB int64) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limitMB << 20)
	}
}
