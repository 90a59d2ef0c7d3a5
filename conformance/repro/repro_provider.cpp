#include "conformance/repro/repro_provider.hpp"

namespace tfc::conformance {

std::string implied_local_name(const std::string& type) { return type.substr(0, type.find('_')); }

ReproContext repro_context_for(const ReproContext& ctx, const std::string& type) {
  ReproContext out = ctx;
  if (const std::string name = implied_local_name(type); !name.empty()) out.provider_name = name;
  if (out.provider_source.empty()) out.provider_source = "registry.terraform.io/tfconform/" + out.provider_name;
  return out;
}

}  // namespace tfc::conformance
