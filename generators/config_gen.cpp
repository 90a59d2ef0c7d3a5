#include "generators/config_gen.hpp"

#include <memory>
#include <utility>
#include <vector>

#include "generators/config_combinators.hpp"
#include "generators/config_walk.hpp"
#include "generators/hints_tf_json.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::gen {

namespace {

using cty::Type;
using cty::Value;

// An example with some top-level members regenerated; shrinks back towards the example.
rc::Gen<Value> mutated(const detail::Walk& walk, const std::shared_ptr<const schema::Block>& block,
                       const Value& example) {
  const Type declared = example.type();
  std::vector<rc::Gen<Value>> members;
  for (const auto& a : declared.attributes()) {
    const Value kept = *example.attribute(a.name);
    rc::Gen<Value> fresh = rc::gen::lazy([=] { return detail::member_value(walk, *block, a.name); });
    members.push_back(rc::gen::mapcat(chance(walk.options.mutate_percent), [fresh, kept](bool regenerate) {
      return regenerate ? fresh : rc::gen::just(kept);
    }));
  }
  return rc::gen::map(sequence(std::move(members)), [declared](std::vector<Value> values) {
    return detail::retype(Value::object(declared, std::move(values)), declared);
  });
}

}  // namespace

rc::Gen<Value> config_of(const schema::Block& block, const Hints& hints, ConfigOptions options) {
  detail::Walk walk{detail::WalkMode::Config, std::make_shared<const Hints>(hints), options};
  const Type declared = schema::implied_type(block);
  rc::Gen<Value> fresh = rc::gen::map(detail::block_value(walk, block, ""),
                                      [declared](const Value& v) { return detail::retype(v, declared); });
  std::vector<Value> examples;
  for (const auto& doc : hints.examples) {
    if (auto v = config_from_tf_json(doc, block, "")) examples.push_back(std::move(*v));
  }
  if (examples.empty() || options.example_percent <= 0) return fresh;
  auto shared_block = std::make_shared<const schema::Block>(block);
  rc::Gen<Value> from_example = rc::gen::mapcat(index_below(examples.size()), [=](std::size_t i) {
    return mutated(walk, shared_block, examples[i]);
  });
  // Shrinks to the example side: an example is a configuration known to be accepted.
  return rc::gen::mapcat(chance(100 - options.example_percent),
                         [fresh, from_example](bool use_fresh) { return use_fresh ? fresh : from_example; });
}

}  // namespace tfc::gen
