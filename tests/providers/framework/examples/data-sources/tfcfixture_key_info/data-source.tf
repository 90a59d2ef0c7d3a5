resource "tfcfixture_keypair" "example" {}

data "tfcfixture_key_info" "example" {
  private_pem = tfcfixture_keypair.example.private_pem
}

output "fingerprint" {
  value = data.tfcfixture_key_info.example.fingerprint
}
