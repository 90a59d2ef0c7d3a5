output "joined" {
  value = provider::tfcfixture::join("-", "a", "b", "c")
}
