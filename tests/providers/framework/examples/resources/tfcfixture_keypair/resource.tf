# A fixture key pair: random bytes in a "FIXTURE PRIVATE KEY" PEM block.
resource "tfcfixture_keypair" "example" {
  bits = 256
}
