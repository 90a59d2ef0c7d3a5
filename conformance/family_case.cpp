// Case generators of the other families (see family_case.hpp), built on config_pair_of.
#include "conformance/family_case.hpp"

#include "conformance/hcl_text.hpp"
#include "conformance/value_io.hpp"

namespace tfc::conformance {
namespace {

std::string unknowns_of(const ConfigPair& c) {
  if (c.with_unknowns.injected.empty()) return "";
  std::string out = "# validated (and planned) first with these values unknown:";
  for (const auto& p : c.with_unknowns.injected) out += " " + (p.empty() ? std::string("(whole object)") : p.render());
  return out + "\n";
}

}  // namespace

rc::Gen<EphemeralCase> ephemeral_case_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options) {
  return rc::gen::map(config_pair_of(block, hints, options), [](ConfigPair c) { return EphemeralCase{std::move(c)}; });
}

rc::Gen<ActionCase> action_case_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options) {
  return rc::gen::map(config_pair_of(block, hints, options), [](ConfigPair c) { return ActionCase{std::move(c)}; });
}

std::string describe_case(const std::string& type, const schema::Block& block, const EphemeralCase& c) {
  return unknowns_of(c.config) + hcl_block_text("ephemeral", type, "test", block, c.config.known);
}

std::string describe_case(const std::string& type, const schema::Block& block, const ActionCase& c) {
  return unknowns_of(c.config) + hcl_block_text("action", type, "test", block, c.config.known);
}

std::size_t case_size(const EphemeralCase& c) { return count_set_attributes(c.config.known); }
std::size_t case_size(const ActionCase& c) { return count_set_attributes(c.config.known); }

}  // namespace tfc::conformance
