ephemeral "tfcfixture_token" "example" {
  name        = "deploy"
  ttl_seconds = 300
}
