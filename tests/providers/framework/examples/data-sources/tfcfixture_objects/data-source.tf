# The ids of every stored record.
data "tfcfixture_objects" "records" {
  kind = "record"
}
