#pragma once
// The ClientCapabilities Terraform sends (README.md §5.7, Terraform 1.16): write-only
// attributes, stored planned private data and computed blocks always; deferral only when the
// run allows it. tfplugin5 has no field for the two 6.11 ones (the conversion drops them).

#include "proto/protocol/capabilities.hpp"

namespace tfc::conformance {

inline protocol::ClientCapabilities core_capabilities(bool deferral_allowed = false) {
  protocol::ClientCapabilities c;
  c.deferral_allowed = deferral_allowed;
  c.write_only_attributes_allowed = true;
  c.store_planned_private = true;
  c.computed_blocks_allowed = true;
  return c;
}

}  // namespace tfc::conformance
