// Case generators of the other families (see family_case.hpp), built on config_pair_of.
#include "conformance/cases/family_case.hpp"

#include "conformance/core/hcl_text.hpp"
#include "conformance/core/value_io.hpp"
#include "generators/config_combinators.hpp"

namespace tfc::conformance {
namespace {

std::string unknowns_of(const ConfigPair& c) {
  if (c.with_unknowns.injected.empty()) return "";
  std::string out = "# validated (and planned) first with these values unknown:";
  for (const auto& p : c.with_unknowns.injected) out += " " + (p.empty() ? std::string("(whole object)") : p.render());
  return out + "\n";
}

}  // namespace

rc::Gen<EphemeralCase> ephemeral_case_of(const schema::Block& block, const gen::Hints& hints,
                                         const CaseGenOptions& options) {
  return rc::gen::map(config_pair_of(block, hints, options), [](ConfigPair c) { return EphemeralCase{std::move(c)}; });
}

rc::Gen<ActionCase> action_case_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options) {
  return rc::gen::map(config_pair_of(block, hints, options), [](ConfigPair c) { return ActionCase{std::move(c)}; });
}

rc::Gen<ListCase> list_case_of(const schema::Block& block, const gen::Hints& hints,
                               const std::shared_ptr<const schema::Block>& resource, const gen::Hints& resource_hints,
                               const CaseGenOptions& options) {
  auto head =
      rc::gen::tuple(config_pair_of(block, hints, options), gen::chance(50), rc::gen::inRange<std::int64_t>(1, 11));
  auto create = resource ? rc::gen::map(config_pair_of(*resource, resource_hints, options),
                                        [resource](ConfigPair c) { return std::optional<ConfigPair>(std::move(c)); })
                         : rc::gen::just(std::optional<ConfigPair>());
  return rc::gen::map(rc::gen::pair(head, create),
                      [](std::pair<std::tuple<ConfigPair, bool, std::int64_t>, std::optional<ConfigPair>> p) {
                        auto& [config, include, limit] = p.first;
                        return ListCase{std::move(config), include, limit, std::move(p.second)};
                      });
}

std::string describe_case(const std::string& type, const schema::Block&, const ListCase& c) {
  std::string out = unknowns_of(c.config) + "list \"" + type +
                    "\" \"test\" {\n  include_resource = " + (c.include_resource_object ? "true" : "false") +
                    "\n  limit = " + std::to_string(c.limit) + "\n  config = " + hcl_value_text(c.config.known) +
                    "\n}\n";
  if (c.create)
    out += "# with --apply, an object created first (then destroyed): " + hcl_value_text(c.create->known) + "\n";
  return out;
}

std::size_t case_size(const ListCase& c) {
  return count_set_attributes(c.config.known) + (c.create ? count_set_attributes(c.create->known) : 0);
}

std::string describe_case(const std::string& type, const schema::Block& block, const EphemeralCase& c) {
  return describe_wiring(c.wiring) + unknowns_of(c.config) +
         hcl_block_text("ephemeral", type, "test", block, c.config.known);
}

std::string describe_case(const std::string& type, const schema::Block& block, const ActionCase& c) {
  return describe_wiring(c.wiring) + unknowns_of(c.config) +
         hcl_block_text("action", type, "test", block, c.config.known);
}

std::size_t case_size(const EphemeralCase& c) { return count_set_attributes(c.config.known) + wiring_size(c.wiring); }
std::size_t case_size(const ActionCase& c) { return count_set_attributes(c.config.known) + wiring_size(c.wiring); }

Expected<CaseGenerator<EphemeralCase>> ephemeral_generator(const GeneratorSource& source) {
  return CaseGenerator<EphemeralCase>([&block = source.block, &provider = source.provider, type = source.type](
                                          const gen::Hints& h, const CaseGenOptions& o) {
    return with_wiring(ephemeral_case_of(block, h, o), provider, type, block, h, o);
  });
}

Expected<CaseGenerator<ListCase>> list_generator(const GeneratorSource& source) {
  std::shared_ptr<const schema::Block> resource;
  if (auto it = source.provider.resource_schemas.find(source.type); it != source.provider.resource_schemas.end())
    resource = std::make_shared<const schema::Block>(it->second.block);
  // The list configuration takes the suite's hints (what it learned); the object to create, the
  // managed resource's given hints.
  return CaseGenerator<ListCase>([&block = source.block, resource, resource_hints = source.resource_hints](
                                     const gen::Hints& h, const CaseGenOptions& o) {
    return list_case_of(block, h, resource, resource_hints, o);
  });
}

Expected<CaseGenerator<ActionCase>> action_generator(const GeneratorSource& source) {
  return CaseGenerator<ActionCase>([&block = source.block, &provider = source.provider, type = source.type](
                                       const gen::Hints& h, const CaseGenOptions& o) {
    return with_wiring(action_case_of(block, h, o), provider, type, block, h, o);
  });
}

}  // namespace tfc::conformance
