package main

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"
	"time"
)

// freshCert is a new self-signed certificate in go-plugin's form (generateCert in its
// mtls.go: ECDSA P-521, CN and DNS name "localhost", client and server use, a CA), as DER.
// Nobody holds its key after this returns: it is only ever shown, never served.
func freshCert() ([]byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	if err != nil {
		return nil, err
	}
	sn, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		return nil, err
	}
	template := &x509.Certificate{
		Subject:               pkix.Name{CommonName: "localhost", Organization: []string{"HashiCorp"}},
		DNSNames:              []string{"localhost"},
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment | x509.KeyUsageKeyAgreement | x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		SerialNumber:          sn,
		NotBefore:             time.Now().Add(-30 * time.Second),
		NotAfter:              time.Now().Add(262980 * time.Hour),
	}
	return x509.CreateCertificate(rand.Reader, template, template, key.Public(), key)
}

// cert_mismatch: go-plugin prints the handshake line to os.Stdout (fmt.Printf) before it swaps
// os.Stdout for its own pipe, so os.Stdout is our pipe while it prints. swapHandshakeCert
// installs that pipe; a goroutine passes the first line on to the real stdout with another
// certificate in its sixth field (the server keeps serving TLS with its own), then copies
// whatever else arrives.
func swapHandshakeCert() error {
	der, err := freshCert()
	if err != nil {
		return err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	stdout := os.Stdout
	os.Stdout = w
	go relayHandshake(r, stdout, base64.RawStdEncoding.EncodeToString(der))
	return nil
}

// relayHandshake copies r to out, replacing the certificate of the first line by cert.
func relayHandshake(r io.Reader, out io.Writer, cert string) {
	br := bufio.NewReader(r)
	line, err := br.ReadString('\n')
	if line != "" {
		io.WriteString(out, withCert(line, cert))
	}
	if err == nil {
		io.Copy(out, br)
	}
}

// withCert is a handshake line (CORE|PROTO|NETWORK|ADDR|grpc|CERT[|MUX]) with cert instead
// of its certificate. A line without one (plaintext: no PLUGIN_CLIENT_CERT) stays as it is.
func withCert(line, cert string) string {
	body := strings.TrimRight(line, "\r\n")
	fields := strings.Split(body, "|")
	if len(fields) < 6 || fields[5] == "" {
		return line
	}
	fields[5] = cert
	return strings.Join(fields, "|") + line[len(body):]
}

// client_cert_refused: go-plugin trusts exactly the PEM in PLUGIN_CLIENT_CERT as client CA.
// Replacing it by an unrelated certificate before serving makes the server refuse the
// client's real one in the TLS handshake. Unset (plaintext) stays unset.
func refuseClientCert() error {
	if os.Getenv("PLUGIN_CLIENT_CERT") == "" {
		return nil
	}
	der, err := freshCert()
	if err != nil {
		return err
	}
	pemText := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	if err := os.Setenv("PLUGIN_CLIENT_CERT", string(pemText)); err != nil {
		return fmt.Errorf("cannot replace PLUGIN_CLIENT_CERT: %w", err)
	}
	return nil
}
