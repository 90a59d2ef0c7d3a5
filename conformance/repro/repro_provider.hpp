#pragma once
// Which provider a reproduction's configuration names. Core gives a resource type without a
// `provider` argument the provider whose local name is the type's first word (the part before
// the first underscore), so the reproduction declares that local name in required_providers,
// whatever the binary is called (terraform-provider-corner-framework6 may serve framework_*
// types; provider.bin any). The source address is the user's --address when it is a full one,
// else made up under registry.terraform.io/tfconform/ (dev_overrides never asks a registry).

#include <string>

#include "conformance/repro/repro_context.hpp"

namespace tfc::conformance {

/// The local name Core implies for a resource or data source type: `framework_thing` → framework.
std::string implied_local_name(const std::string& type);

/// `ctx` for a reproduction of `type`: the local name Core implies for it, and the source
/// address (ctx's own when it has one, else registry.terraform.io/tfconform/<local name>).
ReproContext repro_context_for(const ReproContext& ctx, const std::string& type);

}  // namespace tfc::conformance
