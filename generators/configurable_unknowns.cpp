// Unknowns only where Core can send them (seeds 000/001 "Configuration"): injection walks the
// value (unknown_injection.cpp); the schema then takes back every unknown a configuration could
// never hold, so the first plan is one Core could really make.
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "generators/unknown_injection.hpp"

namespace tfc::gen {
namespace {

/// Top-level attribute names that stay known: those the hints leave out stay null even as
/// unknowns, and those they keep known (the provider refuses an unknown there) keep their value.
using KeptKnown = std::set<std::string, std::less<>>;

KeptKnown kept_known(const schema::Block& block, const Hints& hints) {
  KeptKnown out;
  for (const auto& a : block.attributes) {
    const auto* hint = hints.find(a.name);
    if (hint != nullptr && (hint->omit || hint->known)) out.insert(a.name);
  }
  return out;
}

cty::Value configurable(const schema::Block& block, const cty::Value& known, const cty::Value& injected,
                        const KeptKnown& kept);

/// Attributes of a nested attribute type: computed-only ones stay as configured (null).
cty::Value configurable_attributes(const std::vector<schema::Attribute>& attributes, const cty::Value& known,
                                   const cty::Value& injected);

cty::Value configurable_attribute(const schema::Attribute& a, const cty::Value& known, const cty::Value& injected) {
  if (a.computed && !a.optional) return known;  // Core never sends a value, not even an unknown
  if (!a.nested_type || !injected.is_known() || injected.is_null() || !known.is_known() || known.is_null() ||
      injected.type().kind() != known.type().kind())
    return injected;
  const auto& attrs = a.nested_type->attributes;
  switch (a.nested_type->nesting) {
    case schema::NestingMode::Single: return configurable_attributes(attrs, known, injected);
    case schema::NestingMode::List: {
      if (injected.length() != known.length()) return injected;
      std::vector<cty::Value> out;
      for (std::size_t i = 0; i < injected.length(); ++i)
        out.push_back(configurable_attributes(attrs, known.elements()[i], injected.elements()[i]));
      return cty::Value::typed_list(injected.type(), std::move(out));
    }
    case schema::NestingMode::Map: {
      if (injected.length() != known.length()) return injected;
      std::vector<std::pair<std::string, cty::Value>> out;
      for (std::size_t i = 0; i < injected.length(); ++i)
        out.push_back({injected.map_entries()[i].first, configurable_attributes(attrs, known.map_entries()[i].second,
                                                                                injected.map_entries()[i].second)});
      return cty::Value::typed_map(injected.type(), std::move(out));
    }
    default: return injected;  // set elements cannot be matched up; computed-only members stay null anyway
  }
}

cty::Value configurable_attributes(const std::vector<schema::Attribute>& attributes, const cty::Value& known,
                                   const cty::Value& injected) {
  if (!injected.is_known() || injected.is_null() || injected.type().kind() != cty::Kind::Object) return injected;
  std::vector<cty::Value> values = injected.attribute_values();
  const auto& names = injected.type().attributes();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const cty::Value* k = known.attribute(names[i].name);
    for (const auto& a : attributes) {
      if (a.name == names[i].name && k != nullptr) values[i] = configurable_attribute(a, *k, values[i]);
    }
  }
  return cty::Value::object(injected.type(), std::move(values));
}

/// A block element can never be unknown on its own in a configuration (its body is written
/// out); only a whole collection can, from a dynamic block with an unknown for_each.
cty::Value configurable_elements(const schema::NestedBlock& nb, const cty::Value& known, const cty::Value& injected) {
  static const KeptKnown kNone;
  if (!injected.is_known() || injected.is_null() || !known.is_known() || known.is_null() ||
      injected.type().kind() != known.type().kind() || injected.length() != known.length())
    return injected;
  const auto& body = *nb.block;
  switch (injected.type().kind()) {
    case cty::Kind::List:
    case cty::Kind::Tuple: {
      std::vector<cty::Value> out;
      for (std::size_t i = 0; i < injected.length(); ++i) {
        const auto& e = injected.elements()[i];
        out.push_back(e.is_known() ? configurable(body, known.elements()[i], e, kNone) : known.elements()[i]);
      }
      return injected.type().kind() == cty::Kind::List ? cty::Value::typed_list(injected.type(), std::move(out))
                                                       : cty::Value::tuple(injected.type(), std::move(out));
    }
    case cty::Kind::Map: {
      std::vector<std::pair<std::string, cty::Value>> out;
      for (std::size_t i = 0; i < injected.length(); ++i) {
        const auto& [key, e] = injected.map_entries()[i];
        out.push_back({key, e.is_known() ? configurable(body, known.map_entries()[i].second, e, kNone)
                                         : known.map_entries()[i].second});
      }
      return cty::Value::typed_map(injected.type(), std::move(out));
    }
    case cty::Kind::Set: {
      // Elements cannot be paired with their known originals: keep the known set when any
      // element became wholly unknown.
      for (const auto& e : injected.elements()) {
        if (!e.is_known()) return known;
      }
      return injected;
    }
    default: return injected;
  }
}

/// `injected` with every unknown Core could never send taken back to its known value: unknowns
/// in computed-only attributes and whole block elements, and in the attributes `kept` names.
cty::Value configurable(const schema::Block& block, const cty::Value& known, const cty::Value& injected,
                        const KeptKnown& kept) {
  static const KeptKnown kNone;
  if (!injected.is_known() || injected.is_null() || !known.is_known() || known.is_null() ||
      injected.type().kind() != cty::Kind::Object)
    return injected;
  std::vector<cty::Value> values = injected.attribute_values();
  const auto& names = injected.type().attributes();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const cty::Value* k = known.attribute(names[i].name);
    if (k == nullptr) continue;
    if (const auto* a = block.find_attribute(names[i].name)) {
      values[i] = configurable_attribute(*a, *k, values[i]);
      if (kept.count(names[i].name) > 0) values[i] = *k;
    } else if (const auto* nb = block.find_block_type(names[i].name); nb && nb->block) {
      if (nb->nesting == schema::NestingMode::Single || nb->nesting == schema::NestingMode::Group) {
        values[i] = values[i].is_known() ? configurable(*nb->block, *k, values[i], kNone) : *k;
      } else {
        values[i] = configurable_elements(*nb, *k, values[i]);
      }
    }
  }
  return cty::Value::object(injected.type(), std::move(values));
}

}  // namespace

rc::Gen<InjectedConfig> with_unknowns(const schema::Block& block, const cty::Value& config, const Hints& hints,
                                      UnknownOptions options) {
  // Shrinking runs the mapping again long after this call: it keeps what it reads.
  auto owned = std::make_shared<const schema::Block>(block);
  auto kept = std::make_shared<const KeptKnown>(kept_known(block, hints));
  return rc::gen::map(with_unknowns(config, options), [owned, config, kept](InjectedConfig injected) {
    injected.value = configurable(*owned, config, injected.value, *kept);
    injected.injected = unknown_paths(injected.value);
    return injected;
  });
}

}  // namespace tfc::gen
