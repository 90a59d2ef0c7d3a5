#include "generators/prior_state_gen.hpp"

#include <memory>

#include "generators/config_walk.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::gen {

rc::Gen<cty::Value> prior_state_of(const schema::Block& block, const Hints& hints, ConfigOptions options) {
  // A state is never partly unknown (lifecycle "New State ... must always be wholly known").
  options.values.allow_unknown = false;
  detail::Walk walk{detail::WalkMode::PriorState, std::make_shared<const Hints>(hints), options};
  const cty::Type declared = schema::implied_type(block);
  return rc::gen::map(detail::block_value(walk, block, ""),
                      [declared](const cty::Value& v) { return detail::retype(v, declared); });
}

}  // namespace tfc::gen
