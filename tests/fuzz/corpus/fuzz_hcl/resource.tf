variable "bits" {
  default = 2048
}
locals {
  names = ["a", "b"]
  tags  = { for i, n in local.names : n => "${n}-${i}" }
}
resource "thing" "x" {
  count    = 2
  size     = var.bits / 2 + 1
  name     = format("%s-%03d", upper(local.names[0]), count.index)
  key      = other_thing.y.private_key_pem
  labels   = merge(local.tags, { extra = jsonencode([1, true, null]) })
  enabled  = !false && (1 < 2 || data.d.z.ok)
  script   = <<-EOT
    echo "%{ if true }on%{ else }off%{ endif }"
    ${~ base64encode("x") ~}
  EOT
  dynamic "rule" {
    for_each = toset(local.names)
    iterator = r
    content {
      port = r.value == "a" ? 80 : 443
    }
  }
  lifecycle {
    ignore_changes = [labels]
  }
}
