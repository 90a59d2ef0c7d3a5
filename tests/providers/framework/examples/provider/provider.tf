terraform {
  required_providers {
    tfcfixture = {
      source = "tfconform/tfcfixture"
    }
  }
}

# Objects are JSON files under state_dir: ./tfcfixture-objects by default, or
# $TFCFIXTURE_STATE_DIR when that is set.
provider "tfcfixture" {}
