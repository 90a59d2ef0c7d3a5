package main

import (
	"crypto/sha256"
	"encoding/hex"
)

// digestOf is the computed value a resource derives from its configuration: hex SHA-256, so
// every release computes the same value from the same configuration.
func digestOf(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// idOf is a resource's id, derived the same way (the first 16 hex digits, with the kind).
func idOf(kind, text string) string {
	return kind + "-" + digestOf(text)[:16]
}
