package main

// FerretDB v1's SQLite handler applies an update as "query, modify in Go, write the whole
// document back" with nothing holding the document in between (FerretDB issue #3040), so
// concurrent writes to one document lose each other's changes: 50 concurrent
// `$inc: {n: 1}` leave n at 3, and two conditional updates can both match. Our design
// relies on MongoDB's single-document atomicity (capacity counters, conditional state
// transitions), so the launcher restores it: clients talk to this proxy, which forwards
// every message to FerretDB unchanged but lets only one writing command (insert, update,
// delete, findAndModify) be in flight at a time, across all connections. SQLite has a
// single writer anyway, so little concurrency is lost; reads are never held back.

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
)

const (
	opMsg           = 2013
	flagChecksum    = 1 << 0
	flagMoreToCome  = 1 << 1
	maxMessageBytes = 48 << 20
)

// writeLock is held from a writing command's request until its reply.
var writeLock sync.Mutex

var writingCommands = map[string]bool{"insert": true, "update": true, "delete": true, "findandmodify": true}

// serveSerialized accepts clients on ln and proxies each one to backend.
func serveSerialized(ln net.Listener, backend string, logger *slog.Logger) {
	for {
		client, err := ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				logger.Error("accept failed", "err", err)
			}
			return
		}
		go proxyConn(client, backend, logger)
	}
}

func proxyConn(client net.Conn, backend string, logger *slog.Logger) {
	defer client.Close()
	server, err := net.Dial("tcp", backend)
	if err != nil {
		logger.Error("backend dial failed", "err", err)
		return
	}
	defer server.Close()

	// The reply to the write in flight, if any, is announced on replied.
	var mu sync.Mutex
	var waitingFor int32
	waiting := false
	replied := make(chan struct{}, 1)
	serverGone := make(chan struct{})

	go func() {
		defer close(serverGone)
		defer client.Close()
		for {
			msg, err := readMessage(server)
			if err != nil {
				return
			}
			if _, err := client.Write(msg); err != nil {
				return
			}
			responseTo := int32(binary.LittleEndian.Uint32(msg[8:12]))
			mu.Lock()
			if waiting && responseTo == waitingFor {
				waiting = false
				replied <- struct{}{}
			}
			mu.Unlock()
		}
	}()

	for {
		msg, err := readMessage(client)
		if err != nil {
			return
		}
		if !isWritingCommand(msg) {
			if _, err := server.Write(msg); err != nil {
				return
			}
			continue
		}
		writeLock.Lock()
		mu.Lock()
		waitingFor = int32(binary.LittleEndian.Uint32(msg[4:8]))
		waiting = true
		mu.Unlock()
		if _, err := server.Write(msg); err != nil {
			writeLock.Unlock()
			return
		}
		select {
		case <-replied:
			writeLock.Unlock()
		case <-serverGone:
			writeLock.Unlock()
			return
		}
	}
}

// readMessage reads one whole wire-protocol message (header included).
func readMessage(r io.Reader) ([]byte, error) {
	var header [4]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	length := int(binary.LittleEndian.Uint32(header[:]))
	if length < 16 || length > maxMessageBytes {
		return nil, errors.New("invalid message length")
	}
	msg := make([]byte, length)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[4:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// isWritingCommand tells whether msg is an OP_MSG, expecting a reply, whose command
// (the first key of its body section) writes documents.
func isWritingCommand(msg []byte) bool {
	if len(msg) < 21 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return false
	}
	flags := binary.LittleEndian.Uint32(msg[16:20])
	if flags&flagMoreToCome != 0 {
		return false
	}
	end := len(msg)
	if flags&flagChecksum != 0 {
		end -= 4
	}
	for pos := 20; pos < end; {
		kind := msg[pos]
		pos++
		if pos+4 > end {
			return false
		}
		size := int(binary.LittleEndian.Uint32(msg[pos : pos+4]))
		if kind == 0 {
			// BSON document: int32 size, then the first element: type byte, cstring name.
			nameStart := pos + 5
			if nameStart >= end {
				return false
			}
			nameEnd := nameStart
			for nameEnd < end && msg[nameEnd] != 0 {
				nameEnd++
			}
			return writingCommands[strings.ToLower(string(msg[nameStart:nameEnd]))]
		}
		// Kind 1 (document sequence): int32 size covers itself, the identifier and documents.
		if size < 4 {
			return false
		}
		pos += size
	}
	return false
}
