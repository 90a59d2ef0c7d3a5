package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"strings"
)

// The PEM block types of the wired resources (keypair → certificate → signed). They are not real
// keys or certificates: random or derived bytes in a PEM envelope, enough for a consumer to
// refuse anything that is not another resource's output, the way real providers (tls) refuse a
// private key PEM they cannot parse.
const (
	privateKeyPEMType  = "FIXTURE PRIVATE KEY"
	certificatePEMType = "FIXTURE CERTIFICATE"
)

func encodePEM(blockType string, body []byte) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: blockType, Bytes: body}))
}

// decodePEM returns the body of the one PEM block of blockType that text holds (surrounding
// whitespace allowed), or an error saying what was found instead.
func decodePEM(text, blockType string) ([]byte, error) {
	block, rest := pem.Decode([]byte(text))
	if block == nil {
		return nil, fmt.Errorf("no PEM block found")
	}
	if block.Type != blockType {
		return nil, fmt.Errorf("PEM block of type %q, want %q", block.Type, blockType)
	}
	if strings.TrimSpace(string(rest)) != "" {
		return nil, fmt.Errorf("unexpected text after the %s block", blockType)
	}
	if len(block.Bytes) == 0 {
		return nil, fmt.Errorf("empty %s block", blockType)
	}
	return block.Bytes, nil
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return b
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hmacHex(key, message []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write(message)
	return hex.EncodeToString(mac.Sum(nil))
}
