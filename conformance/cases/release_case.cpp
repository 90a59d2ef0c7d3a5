// Cases across two releases (see release_case.hpp).
#include "conformance/cases/release_case.hpp"

#include "conformance/core/hcl_text.hpp"
#include "generators/config_combinators.hpp"

namespace tfc::conformance {

rc::Gen<ReleaseCase> release_case_of(const schema::Block& block, const gen::Hints& hints,
                                     const CaseGenOptions& options) {
  const auto pairs = config_pair_of(block, hints, options);
  // The configuration the new release plans comes first and an earlier one (the create, updated
  // to it) is optional: a failing case shrinks to the object created as it is planned.
  const auto earlier = rc::gen::mapcat(gen::chance(30), [pairs](bool updated) -> rc::Gen<std::optional<ConfigPair>> {
    if (!updated) return rc::gen::just(std::optional<ConfigPair>());
    return rc::gen::map(pairs, [](ConfigPair c) { return std::optional<ConfigPair>(std::move(c)); });
  });
  return rc::gen::apply(
      [](ConfigPair last, std::optional<ConfigPair> first) {
        if (!first) return ReleaseCase{std::move(last), std::nullopt, {}};
        return ReleaseCase{std::move(*first), std::move(last), {}};
      },
      pairs, earlier);
}

Expected<CaseGenerator<ReleaseCase>> release_generator(const GeneratorSource& source) {
  return CaseGenerator<ReleaseCase>([&block = source.block, &provider = source.provider, type = source.type](
                                        const gen::Hints& h, const CaseGenOptions& o) {
    return with_wiring(release_case_of(block, h, o), provider, type, block, h, o);
  });
}

const ConfigPair& config_in_force(const ReleaseCase& c) { return c.update ? *c.update : c.create; }

std::string describe_case(const std::string& type, const schema::Block& block, const ReleaseCase& c) {
  std::string out = describe_wiring(c.wiring) + "# create with the previous release\n" + unknown_note(c.create) +
                    hcl_block_text("resource", type, "test", block, c.create.known);
  if (c.update) {
    out += "# then update with the previous release to\n" + unknown_note(*c.update) +
           hcl_block_text("resource", type, "test", block, c.update->known);
  }
  return out +
         "# then upgrade to the new release: upgrade the state, read, plan the same configuration (no "
         "change expected), destroy\n";
}

std::size_t case_size(const ReleaseCase& c) {
  return pair_size(c.create) + (c.update ? pair_size(*c.update) : 0) + wiring_size(c.wiring);
}

}  // namespace tfc::conformance
