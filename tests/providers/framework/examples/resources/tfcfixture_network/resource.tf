resource "tfcfixture_network" "example" {
  cidr = "10.0.0.0/16"

  dns = {
    domain      = "example.internal"
    nameservers = ["10.0.0.2"]
  }

  routes = [
    {
      destination = "0.0.0.0/0"
      gateway     = "10.0.0.1"
      metric      = 100
    },
  ]

  rules = [
    {
      protocol = "tcp"
      port     = 443
      sources  = ["0.0.0.0/0"]
    },
  ]

  subnets = {
    public = {
      cidr   = "10.0.1.0/24"
      public = true
      dhcp = {
        lease_seconds = 3600
      }
    }
  }

  metadata = {
    owner = "network-team"
  }
}
