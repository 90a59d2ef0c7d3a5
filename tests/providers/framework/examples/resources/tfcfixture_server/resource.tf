resource "tfcfixture_server" "example" {
  name        = "web-1"
  size        = 2
  enabled     = true
  description = "A web server"
  tags = {
    team = "platform"
  }
  labels   = ["web", "blue"]
  ports    = [80, 443]
  password = "correct horse battery staple"

  disk {
    size_gb = 20
    label   = "root"

    encryption {
      algorithm = "aes-256"
    }
  }

  disk {
    size_gb = 100
  }

  network_interface {
    network = "default"
    address = "10.0.0.5"
  }

  boot {
    image = "debian-12"
    options = {
      console = "ttyS0"
    }
  }
}
