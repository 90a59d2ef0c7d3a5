resource "tfcfixture_record" "example" {
  name   = "www"
  labels = ["frontend", "public"]
}
