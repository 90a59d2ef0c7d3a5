#include "generators/config_gen.hpp"

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "generators/config_combinators.hpp"
#include "generators/config_walk.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/tf_json.hpp"

namespace tfc::gen {

namespace {

using cty::Type;
using cty::Value;

bool is_set(const Value& v) {
  if (v.is_null()) return false;
  // An absent block of a collection nesting is an empty collection.
  if (v.is_known() && (v.type().is_collection() || v.type().kind() == cty::Kind::Tuple)) return v.length() > 0;
  return true;
}

// True when the top-level members in `values` keep the group. An attribute counts as set when
// it is not null (an empty list is a value), a block type when it has blocks.
bool keeps_group(const AttributeGroup& g, const schema::Block& block, const Type& declared,
                 const std::vector<Value>& values) {
  std::size_t set = 0;
  for (const auto& p : g.paths) {
    for (std::size_t i = 0; i < declared.attributes().size(); ++i) {
      if (declared.attributes()[i].name != p) continue;
      if (block.find_attribute(p) ? !values[i].is_null() : is_set(values[i])) ++set;
    }
  }
  switch (g.kind) {
    case AttributeGroup::Kind::AtMostOne: return set <= 1;
    case AttributeGroup::Kind::ExactlyOne: return set == 1;
    case AttributeGroup::Kind::AtLeastOne: return set >= 1;
    case AttributeGroup::Kind::AllOrNone: return set == 0 || set == g.paths.size();
  }
  return true;
}

// An example with some top-level members regenerated; shrinks back towards the example. A
// regenerated member that breaks a cross-attribute group gets the example's value back.
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
  return rc::gen::map(sequence(std::move(members)),
                      [declared, example, block, hints = walk.hints](std::vector<Value> values) {
                        auto revert = [&](const AttributeGroup& g) {
                          for (std::size_t i = 0; i < declared.attributes().size(); ++i) {
                            const auto& name = declared.attributes()[i].name;
                            if (std::find(g.paths.begin(), g.paths.end(), name) != g.paths.end())
                              values[i] = *example.attribute(name);
                          }
                        };
                        if (hints) {
                          // A revert can break a group checked before it (they share members): repeat until all
                          // hold, and at worst take every grouped member back to the example.
                          bool all_kept = false;
                          for (std::size_t pass = 0; pass <= hints->groups.size() && !all_kept; ++pass) {
                            all_kept = true;
                            for (const auto& g : hints->groups) {
                              if (!g.parent().empty() || keeps_group(g, *block, declared, values)) continue;
                              all_kept = false;
                              revert(g);
                            }
                          }
                          if (!all_kept) {
                            for (const auto& g : hints->groups) {
                              if (g.parent().empty()) revert(g);
                            }
                          }
                        }
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
    if (auto v = schema::config_from_tf_json(doc, block, "")) examples.push_back(std::move(*v));
  }
  if (examples.empty() || options.example_percent <= 0) return fresh;
  auto shared_block = std::make_shared<const schema::Block>(block);
  rc::Gen<Value> from_example = rc::gen::mapcat(
      index_below(examples.size()), [=](std::size_t i) { return mutated(walk, shared_block, examples[i]); });
  // Shrinks to the example side: an example is a configuration known to be accepted.
  return rc::gen::mapcat(chance(100 - options.example_percent),
                         [fresh, from_example](bool use_fresh) { return use_fresh ? fresh : from_example; });
}

}  // namespace tfc::gen
