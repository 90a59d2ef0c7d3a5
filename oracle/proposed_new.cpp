// ProposedNew: how Core merges config and prior before PlanResourceChange (seed 000 "Proposed
// New State"; docs/protocol.md §4.6). One merge function per nesting mode; set elements are
// matched to prior elements by prior_fits_config.
#include "oracle/proposed_new.hpp"

#include <map>
#include <optional>

#include "oracle/configured_prior.hpp"
#include "oracle/value_walk.hpp"
#include "proto/schema/absent_block.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

using cty::Value;
using schema::Attribute;
using schema::Block;
using schema::NestedBlock;
using schema::NestedType;

// The schema of one element of a nested collection: a block body or a nested attribute object.
struct Body {
  const Block* block = nullptr;
  const std::vector<Attribute>* attributes = nullptr;
};

bool equal_unrefined(const Value& a, const Value& b) {
  return raw_equals(without_refinements(a), without_refinements(b));
}

bool is_set(const Value& v) { return v.type().kind() == cty::Kind::Set; }

// --- Matching set elements: could `prior` have been planned from `config`? -------------------
// Walks the prior value: wherever it differs from config, the difference must sit on a leaf
// attribute that is computed and null in config. Sets nested inside cannot be correlated, so
// they must be equal.

bool fits_element(const Body& body, const Value& prior, const Value& config);
bool fits_block_children(const Block& block, const Value& prior, const Value& config);

// The child of `config` that sits where `step` leads in the prior value; nullopt when the step
// cannot be applied (hcl.ApplyPath would fail).
std::optional<Value> config_child(const Value& config, const cty::PathStep& step) {
  if (!config.is_known()) return Value::unknown(cty::Type::dynamic());
  if (config.is_null()) return std::nullopt;
  if (const auto* i = std::get_if<cty::IndexStep>(&step)) {
    if (!is_sequence(config) || i->index < 0 || static_cast<std::size_t>(i->index) >= config.elements().size())
      return std::nullopt;
    return config.elements()[static_cast<std::size_t>(i->index)];
  }
  if (const auto* k = std::get_if<cty::KeyStep>(&step)) {
    const Value* v = config.type().kind() == cty::Kind::Map      ? config.map_find(k->key)
                     : config.type().kind() == cty::Kind::Object ? config.attribute(k->key)
                                                                 : nullptr;
    if (v == nullptr) return std::nullopt;
    return *v;
  }
  return std::nullopt;
}

// Every element of a prior list/tuple/map/object-as-map must fit its config counterpart.
bool fits_elements(const Body& body, const Value& prior, const Value& config) {
  if (!prior.is_known() || prior.is_null()) return true;
  if (is_sequence(prior)) {
    for (std::size_t i = 0; i < prior.elements().size(); ++i) {
      auto c = config_child(config, cty::IndexStep{static_cast<std::int64_t>(i)});
      if (!c || !fits_element(body, prior.elements()[i], *c)) return false;
    }
    return true;
  }
  for (const auto& [k, v] : keyed_elements(prior)) {
    auto c = config_child(config, cty::KeyStep{k});
    if (!c || !fits_element(body, v, *c)) return false;
  }
  return true;
}

bool fits_attribute(const Attribute& a, const Value& prior, const Value& config) {
  if (equal_unrefined(config, prior)) return true;
  if (is_set(config)) return false;
  if (a.nested_type == nullptr) return a.computed && config.is_null();
  if (!prior.is_known() || prior.is_null()) return true;
  const Body body{nullptr, &a.nested_type->attributes};
  if (a.nested_type->nesting == schema::NestingMode::Single || a.nested_type->nesting == schema::NestingMode::Group)
    return fits_element(body, prior, config);
  return fits_elements(body, prior, config);
}

bool fits_attributes(const std::vector<Attribute>& attrs, const Value& prior, const Value& config) {
  if (config.is_known() && config.is_null()) return false;
  for (const Attribute& a : attrs)
    if (!fits_attribute(a, child_attribute(prior, a.name), child_attribute(config, a.name))) return false;
  return true;
}

bool fits_block_type(const NestedBlock& nb, const Value& prior, const Value& config) {
  if (equal_unrefined(config, prior)) return true;
  if (is_set(config)) return false;
  if (!prior.is_known() || prior.is_null()) return true;
  if (nb.nesting == schema::NestingMode::Single || nb.nesting == schema::NestingMode::Group)
    return fits_block_children(*nb.block, prior, config);
  return fits_elements(Body{nb.block.get(), nullptr}, prior, config);
}

bool fits_block_children(const Block& block, const Value& prior, const Value& config) {
  if (!fits_attributes(block.attributes, prior, config)) return false;
  for (const NestedBlock& nb : block.block_types)
    if (!fits_block_type(nb, child_attribute(prior, nb.type_name), child_attribute(config, nb.type_name))) return false;
  return true;
}

bool fits_element(const Body& body, const Value& prior, const Value& config) {
  if (equal_unrefined(config, prior)) return true;
  if (is_set(config)) return false;
  if (!prior.is_known() || prior.is_null()) return true;
  return body.block != nullptr ? fits_block_children(*body.block, prior, config)
                               : fits_attributes(*body.attributes, prior, config);
}

// --- Merging -----------------------------------------------------------------------------------

Value merge_block(const Block& block, const Value& prior, const Value& config);
Value merge_attribute(const Attribute& a, const Value& prior, const Value& config);

Value merge_object_attributes(const std::vector<Attribute>& attrs, const Value& prior, const Value& config) {
  if (config.is_null() || !config.is_known()) return config;
  const auto& type_attributes = config.type().attributes();
  std::vector<Value> values;
  values.reserve(type_attributes.size());
  for (const auto& ta : type_attributes) {
    const Value c = child_attribute(config, ta.name);
    const Attribute* a = nullptr;
    for (const Attribute& candidate : attrs)
      if (candidate.name == ta.name) a = &candidate;
    values.push_back(a != nullptr ? merge_attribute(*a, child_attribute(prior, ta.name), c) : c);
  }
  return Value::object(config.type(), std::move(values));
}

Value merge_element(const Body& body, const Value& prior, const Value& config) {
  return body.block != nullptr ? proposed_new(*body.block, prior, config)
                               : merge_object_attributes(*body.attributes, prior, config);
}

// Lists correlate by index; a config element without a prior one is taken as it is.
Value merge_list(const Body& body, const Value& prior, const Value& config) {
  if (config.is_null() || !config.is_known() || config.elements().empty()) return config;
  std::vector<Value> merged;
  merged.reserve(config.elements().size());
  for (std::size_t i = 0; i < config.elements().size(); ++i) {
    const Value& c = config.elements()[i];
    if (prior.is_known() && (prior.is_null() || !is_sequence(prior) || i >= prior.elements().size())) {
      merged.push_back(c);
      continue;
    }
    merged.push_back(merge_element(body, prior.is_known() ? prior.elements()[i] : Value::unknown(c.type()), c));
  }
  if (config.type().kind() == cty::Kind::Tuple) return Value::tuple(std::move(merged));
  return Value::list(config.type().element(), std::move(merged));
}

// Maps correlate by key.
Value merge_map(const Body& body, const Value& prior, const Value& config) {
  if (config.is_null() || !config.is_known() || config.length() == 0) return config;
  std::map<std::string, Value> prior_by_key;
  for (auto& [k, v] : keyed_elements(prior)) prior_by_key.emplace(k, v);
  std::vector<std::pair<std::string, Value>> merged;
  for (const auto& [k, c] : keyed_elements(config)) {
    auto it = prior_by_key.find(k);
    merged.emplace_back(k, it == prior_by_key.end() ? c : merge_element(body, it->second, c));
  }
  if (config.type().kind() == cty::Kind::Object) return Value::object(std::move(merged));
  return Value::map(config.type().element(), std::move(merged));
}

struct ValueLess {
  bool operator()(const Value& a, const Value& b) const { return canonical_compare(a, b) < 0; }
};

// A non-computed primitive attribute of the element body: a prior element can only fit a
// config element that holds the same known value there, so it narrows the search.
const Attribute* index_attribute(const Body& body) {
  const auto& attrs = body.block != nullptr ? body.block->attributes : *body.attributes;
  for (const Attribute& a : attrs)
    if (!a.computed && a.nested_type == nullptr && a.type && a.type->is_primitive()) return &a;
  return nullptr;
}

// Sets correlate each config element with the first unused prior element it could have
// produced; with several candidates the first in canonical order wins (they can only differ in
// computed values).
Value merge_set(const Body& body, const Value& prior, const Value& config) {
  if (config.is_null() || !config.is_known() || config.elements().empty()) return config;
  static const std::vector<Value> kNone;
  const auto& prior_elements = prior.is_known() && !prior.is_null() && is_set(prior) ? prior.elements() : kNone;
  std::vector<std::size_t> all(prior_elements.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  std::map<Value, std::vector<std::size_t>, ValueLess> by_key;
  const Attribute* key = prior_elements.size() > 8 ? index_attribute(body) : nullptr;
  if (key != nullptr) {
    for (std::size_t i = 0; i < prior_elements.size(); ++i)
      by_key[child_attribute(prior_elements[i], key->name)].push_back(i);
  }
  std::vector<bool> used(prior_elements.size());
  std::vector<Value> merged;
  merged.reserve(config.elements().size());
  for (const Value& c : config.elements()) {
    const std::vector<std::size_t>* candidates = &all;
    if (key != nullptr) {
      const Value k = child_attribute(c, key->name);
      if (k.is_known() && !k.is_null()) {
        static const std::vector<std::size_t> kNoCandidates;
        auto it = by_key.find(k);
        candidates = it != by_key.end() ? &it->second : &kNoCandidates;
      }
    }
    Value p = Value::null(config.type().element());
    for (std::size_t i : *candidates) {
      if (used[i] || !fits_element(body, prior_elements[i], c)) continue;
      p = prior_elements[i];
      used[i] = true;
      break;
    }
    merged.push_back(merge_element(body, p, c));
  }
  return Value::set(config.type().element(), std::move(merged));
}

Value merge_nested_type(const NestedType& nt, const Value& prior, const Value& config) {
  if (!config.is_known()) return config;
  const Body body{nullptr, &nt.attributes};
  switch (nt.nesting) {
    case schema::NestingMode::Single:
    case schema::NestingMode::Group:
      return config.is_null() ? config : merge_object_attributes(nt.attributes, prior, config);
    case schema::NestingMode::List: return merge_list(body, prior, config);
    case schema::NestingMode::Map: return merge_map(body, prior, config);
    case schema::NestingMode::Set: return merge_set(body, prior, config);
  }
  return config;
}

Value merge_attribute(const Attribute& a, const Value& prior, const Value& config) {
  if (a.nested_type != nullptr) {
    // Computed nested attributes left out of config keep their prior value; otherwise their
    // own attributes are merged one by one. The exception (000 §Proposed New State, following
    // Core's behaviour): an optional one whose prior holds a value only config can set was in
    // config before and has been removed, so it proposes the config's null.
    if (a.computed && config.is_null())
      return a.optional && holds_configured_value(*a.nested_type, prior) ? config : prior;
    return merge_nested_type(*a.nested_type, prior, config);
  }
  if (!a.computed) return config;
  if (a.optional && !config.is_null()) return config;
  return prior;
}

Value merge_nested_block(const NestedBlock& nb, const Value& prior, const Value& config) {
  // An unknown block collection comes from a dynamic block with an unknown for_each.
  if (!config.is_known()) return config;
  const Body body{nb.block.get(), nullptr};
  switch (nb.nesting) {
    case schema::NestingMode::Single: return config.is_null() ? config : proposed_new(*nb.block, prior, config);
    case schema::NestingMode::Group: return proposed_new(*nb.block, prior, config);
    case schema::NestingMode::List: return merge_list(body, prior, config);
    case schema::NestingMode::Map: return merge_map(body, prior, config);
    case schema::NestingMode::Set: return merge_set(body, prior, config);
  }
  return config;
}

Value merge_block(const Block& block, const Value& known_or_unknown_prior, const Value& config) {
  if (config.is_null() || !config.is_known()) return known_or_unknown_prior;
  // A wholly unknown prior (deferred or partially expanded instances) makes every value taken
  // from it unknown, as in Core; typed after config so the merged object keeps config's type.
  const Value prior = known_or_unknown_prior.is_known() ? known_or_unknown_prior : Value::unknown(config.type());
  if (prior.is_null() || (prior.is_known() && prior.type().kind() != cty::Kind::Object)) return config;
  const auto& type_attributes = config.type().attributes();
  std::vector<Value> values;
  values.reserve(type_attributes.size());
  for (const auto& ta : type_attributes) {
    const Value p = child_attribute(prior, ta.name);
    const Value c = child_attribute(config, ta.name);
    if (const Attribute* a = block.find_attribute(ta.name)) {
      values.push_back(merge_attribute(*a, p, c));
    } else if (const NestedBlock* nb = block.find_block_type(ta.name)) {
      values.push_back(merge_nested_block(*nb, p, c));
    } else {
      values.push_back(c);
    }
  }
  return Value::object(config.type(), std::move(values));
}

}  // namespace

Value proposed_new(const Block& block, const Value& prior, const Value& config) {
  // A wholly unknown prior with a null config stays unknown: Core returns the prior there
  // (000 §Proposed New State, following Core's behaviour).
  if (config.is_null() && !prior.is_known()) return prior;
  // A destroy (null config) proposes null: Core sends null there rather than merging
  // (docs/protocol.md §4.6), and both null stays null so no empty blocks appear.
  if (config.is_null()) return Value::null(schema::implied_type(block));
  return merge_block(block, prior.is_null() ? schema::empty_block_value(block) : prior, config);
}

}  // namespace tfc::oracle
