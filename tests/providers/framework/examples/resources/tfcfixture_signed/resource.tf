resource "tfcfixture_keypair" "ca" {
  bits = 256
}

resource "tfcfixture_keypair" "example" {}

resource "tfcfixture_certificate" "example" {
  private_pem = tfcfixture_keypair.example.private_pem
  subject     = "CN=service.example.com"
}

# Signs the certificate with the CA's key.
resource "tfcfixture_signed" "example" {
  cert_pem       = tfcfixture_certificate.example.cert_pem
  ca_private_pem = tfcfixture_keypair.ca.private_pem
}
