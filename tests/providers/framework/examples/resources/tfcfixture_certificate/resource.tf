resource "tfcfixture_keypair" "example" {
  bits = 128
}

# The certificate is made from the key pair's private key.
resource "tfcfixture_certificate" "example" {
  private_pem = tfcfixture_keypair.example.private_pem
  subject     = "CN=example.com"
}
