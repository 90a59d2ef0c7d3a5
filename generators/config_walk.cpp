// The schema walk behind config_of and prior_state_of: which members are present (docs/protocol.md
// §4.3 flag rules, §4.4 block counts) and how nested attribute types and blocks are built.

#include "generators/config_walk.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "generators/config_combinators.hpp"
#include "proto/schema/absent_block.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::gen::detail {

namespace {

using cty::Type;
using cty::Value;
using schema::Attribute;
using schema::NestedBlock;
using schema::NestedType;
using schema::NestingMode;

using Members = std::vector<std::pair<std::string, rc::Gen<Value>>>;

/// Whether a cross-attribute group (hints `groups`) forces a member present or absent.
enum class Presence { Free, Always, Never };

/// Each member's generator for a given presence.
struct MemberMaker {
  std::string first;  // the member's name
  std::function<rc::Gen<Value>(Presence)> make;
  bool required = false;  // a required attribute or a block with min_items: always present
};
using MemberMakers = std::vector<MemberMaker>;

std::string join(const std::string& path, const std::string& name) { return path.empty() ? name : path + "." + name; }

bool computed_only(const Attribute& a) { return a.computed && !a.optional && !a.required; }

const AttributeHint* hint_at(const Walk& walk, const std::string& path) {
  return walk.hints ? walk.hints->find(path) : nullptr;
}

// Present with probability `percent`, else null of `type`; shrinks towards null.
rc::Gen<Value> sometimes(int percent, const Type& type, rc::Gen<Value> present) {
  if (percent >= 100) return present;
  Value null = Value::null(type);
  if (percent <= 0) return rc::gen::just(null);
  return rc::gen::mapcat(chance(percent), [present, null](bool set) { return set ? present : rc::gen::just(null); });
}

// `gen`'s values, with `fallback` as their first shrink: set when generated, yet a failure can
// shrink it away (the learner's `present` hints).
rc::Gen<Value> shrinking_to(const rc::Gen<Value>& gen, const Value& fallback) {
  return [gen, fallback](const rc::Random& random, int size) {
    return rc::shrinkable::mapShrinks(gen(random, size), [fallback](rc::Seq<rc::Shrinkable<Value>> shrinks) {
      return rc::seq::concat(rc::seq::just(rc::shrinkable::just(fallback)), std::move(shrinks));
    });
  };
}

// The percentage of cases in which the attribute is non-null (docs/protocol.md §4.3, §4.6), before groups.
int presence_percent(const Walk& walk, const Attribute& a, const AttributeHint* hint) {
  const bool omit = hint && hint->omit;
  const bool always = hint && hint->always;
  if (walk.mode == WalkMode::Config) {
    if (omit || computed_only(a)) return 0;
    if (a.write_only && !walk.options.write_only) return 0;
    if (a.required || always) return 100;
    return walk.options.optional_percent;
  }
  // A prior state: written by the provider, so computed values are filled in and write-only
  // attributes are always null (docs/protocol.md §4.3 write_only).
  if (a.write_only) return 0;
  if (a.required || computed_only(a) || always) return 100;
  if (a.computed) return 90;
  return omit ? 0 : walk.options.optional_percent;
}

// Value::object of the members' values, sorted by name.
rc::Gen<Value> object_of(Members members) {
  std::stable_sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  std::vector<rc::Gen<Value>> gens;
  for (auto& [name, g] : members) {
    names.push_back(name);
    gens.push_back(std::move(g));
  }
  return rc::gen::map(sequence(std::move(gens)), [names](std::vector<Value> values) {
    std::vector<std::pair<std::string, Value>> attrs;
    for (std::size_t i = 0; i < names.size(); ++i) attrs.emplace_back(names[i], std::move(values[i]));
    return Value::object(std::move(attrs));
  });
}

rc::Gen<Value> attribute_member(const Walk& walk, const Attribute& a, const std::string& path,
                                Presence presence = Presence::Free);

// The groups of the hints whose members are all among `makers` at `path`.
std::vector<AttributeGroup> groups_at(const Walk& walk, const std::string& path, const MemberMakers& makers) {
  std::vector<AttributeGroup> out;
  if (!walk.hints) return out;
  for (const auto& g : walk.hints->groups) {
    if (g.paths.size() < 2 || g.parent() != path) continue;
    const bool all_here = std::all_of(g.paths.begin(), g.paths.end(), [&](const std::string& p) {
      const std::string name = path.empty() ? p : p.substr(path.size() + 1);
      return std::any_of(makers.begin(), makers.end(), [&](const auto& m) { return m.first == name; });
    });
    if (all_here) out.push_back(g);
  }
  return out;
}

// The presence each group forces, given the member each group picked (for all_or_none: 0 =
// none, 1 = all), starting from `out` (members hinted `omit` are already Never). Groups apply
// in order; a later group does not undo an earlier one.
std::map<std::string, Presence> resolve_presence(const std::vector<AttributeGroup>& groups,
                                                 const std::vector<std::size_t>& picks, const std::string& path,
                                                 std::map<std::string, Presence> out) {
  auto name_of = [&](const std::string& p) { return path.empty() ? p : p.substr(path.size() + 1); };
  auto get = [&](const std::string& n) { return out.contains(n) ? out[n] : Presence::Free; };
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<std::string> names;
    for (const auto& p : groups[g].paths) names.push_back(name_of(p));
    const std::size_t pick = picks[g] % names.size();
    // The member to set: the pick, or the first that is not already forced absent.
    std::string chosen = names[pick];
    if (get(chosen) == Presence::Never) {
      for (const auto& n : names) {
        if (get(n) != Presence::Never) {
          chosen = n;
          break;
        }
      }
    }
    switch (groups[g].kind) {
      case AttributeGroup::Kind::AtMostOne:
      case AttributeGroup::Kind::ExactlyOne:
        for (const auto& n : names) {
          if (n != chosen && get(n) != Presence::Always) out[n] = Presence::Never;
        }
        if (groups[g].kind == AttributeGroup::Kind::ExactlyOne && get(chosen) != Presence::Never)
          out[chosen] = Presence::Always;
        break;
      case AttributeGroup::Kind::AtLeastOne:
        if (get(chosen) != Presence::Never) out[chosen] = Presence::Always;
        break;
      case AttributeGroup::Kind::AllOrNone: {
        bool any_always = false, any_never = false;
        for (const auto& n : names) {
          any_always = any_always || get(n) == Presence::Always;
          any_never = any_never || get(n) == Presence::Never;
        }
        const Presence all = any_always          ? Presence::Always
                             : any_never         ? Presence::Never
                             : picks[g] % 2 == 1 ? Presence::Always
                                                 : Presence::Never;
        for (const auto& n : names) {
          if (get(n) == Presence::Free) out[n] = all;
        }
        break;
      }
    }
  }
  return out;
}

// The object of `makers`' members, honouring the hints' groups at `path`.
rc::Gen<Value> members_object(const Walk& walk, const std::string& path, const MemberMakers& makers) {
  auto groups = groups_at(walk, path, makers);
  if (groups.empty()) {
    Members members;
    for (auto& m : makers) members.emplace_back(m.first, m.make(Presence::Free));
    return object_of(std::move(members));
  }
  std::vector<rc::Gen<std::size_t>> picks;
  for (const auto& g : groups)
    picks.push_back(index_below(g.kind == AttributeGroup::Kind::AllOrNone ? 2 : g.paths.size()));
  // A required member is always set; one the hints leave out is never the one a group sets.
  std::map<std::string, Presence> omitted;
  for (const auto& g : groups) {
    for (const auto& p : g.paths) {
      const std::string name = path.empty() ? p : p.substr(path.size() + 1);
      const AttributeHint* h = hint_at(walk, p);
      if (h && h->omit) omitted[name] = Presence::Never;
      for (const auto& m : makers) {
        if (m.first == name && m.required) omitted[name] = Presence::Always;
      }
    }
  }
  return rc::gen::mapcat(sequence(std::move(picks)),
                         [groups, makers, path, omitted](const std::vector<std::size_t>& chosen) {
                           const auto presence = resolve_presence(groups, chosen, path, omitted);
                           Members members;
                           for (const auto& m : makers) {
                             auto it = presence.find(m.first);
                             members.emplace_back(m.first, m.make(it == presence.end() ? Presence::Free : it->second));
                           }
                           return object_of(std::move(members));
                         });
}

rc::Gen<Value> nested_object(const Walk& walk, const std::shared_ptr<const NestedType>& nested,
                             const std::string& path) {
  MemberMakers makers;
  for (const Attribute& a : nested->attributes) {
    if (std::none_of(makers.begin(), makers.end(), [&](const auto& m) { return m.first == a.name; })) {
      makers.push_back({a.name,
                        [walk, a, p = join(path, a.name)](Presence pr) { return attribute_member(walk, a, p, pr); },
                        a.required});
    }
  }
  return members_object(walk, path, std::move(makers));
}

rc::Gen<std::shared_ptr<const NestedType>> concretize_nested(const std::shared_ptr<const NestedType>& nested,
                                                             const ValueOptions& options);

rc::Gen<Attribute> concretize_attribute(const Attribute& a, const ValueOptions& options) {
  if (!schema::implied_type(a).has_dynamic()) return rc::gen::just(a);
  if (a.type) {
    return rc::gen::map(concretize(*a.type, options), [a](Type t) {
      Attribute out = a;
      out.type = std::move(t);
      return out;
    });
  }
  return rc::gen::map(concretize_nested(a.nested_type, options), [a](std::shared_ptr<const NestedType> n) {
    Attribute out = a;
    out.nested_type = std::move(n);
    return out;
  });
}

rc::Gen<std::shared_ptr<const NestedType>> concretize_nested(const std::shared_ptr<const NestedType>& nested,
                                                             const ValueOptions& options) {
  std::vector<rc::Gen<Attribute>> parts;
  for (const Attribute& a : nested->attributes) parts.push_back(concretize_attribute(a, options));
  return rc::gen::map(sequence(std::move(parts)), [mode = nested->nesting](std::vector<Attribute> attrs) {
    return std::shared_ptr<const NestedType>(std::make_shared<NestedType>(NestedType{mode, std::move(attrs)}));
  });
}

// Elements of a LIST/SET/MAP nested attribute type, all of one concrete element type.
rc::Gen<Value> nested_collection(const Walk& walk, const std::shared_ptr<const NestedType>& concrete,
                                 const std::string& path) {
  Attribute holder;
  holder.nested_type = concrete;
  const Type type = schema::implied_type(holder);
  auto element = rc::gen::scale(0.7, nested_object(walk, concrete, path));
  const std::size_t max = walk.options.max_nested;
  if (concrete->nesting == NestingMode::Map) {
    return rc::gen::map(vector_between(0, max, rc::gen::pair(label(), element)),
                        [type](std::vector<std::pair<std::string, Value>> entries) {
                          return Value::typed_map(type, std::move(entries));
                        });
  }
  return rc::gen::map(vector_between<Value>(0, max, element), [type](std::vector<Value> elements) {
    return type.kind() == cty::Kind::List ? Value::typed_list(type, std::move(elements))
                                          : Value::typed_set(type, std::move(elements));
  });
}

rc::Gen<Value> nested_attribute_value(const Walk& walk, const std::shared_ptr<const NestedType>& nested,
                                      const std::string& path) {
  if (nested->nesting == NestingMode::Single || nested->nesting == NestingMode::Group) {
    return rc::gen::lazy([=] { return rc::gen::scale(0.7, nested_object(walk, nested, path)); });
  }
  return rc::gen::lazy([=] {
    return rc::gen::mapcat(
        concretize_nested(nested, walk.options.values),
        [=](const std::shared_ptr<const NestedType>& c) { return nested_collection(walk, c, path); });
  });
}

rc::Gen<Value> attribute_member(const Walk& walk, const Attribute& a, const std::string& path, Presence presence) {
  const AttributeHint* hint = hint_at(walk, path);
  const Type type = schema::implied_type(a);
  int percent = presence_percent(walk, a, hint);
  // A group decides presence of configurable attributes (a required one is always set).
  const bool configurable = walk.mode == WalkMode::PriorState || a.required || a.optional;
  if (presence == Presence::Never && !a.required && walk.mode == WalkMode::Config) percent = 0;
  if (presence == Presence::Always && configurable && walk.mode == WalkMode::Config) percent = 100;
  const bool present =
      hint && hint->present && !hint->omit && percent > 0 && percent < 100 && walk.mode == WalkMode::Config;
  if (present) percent = 100;
  if (percent <= 0) return rc::gen::just(Value::null(type));
  rc::Gen<Value> value = a.nested_type && !(hint && hint->shapes_values())
                             ? nested_attribute_value(walk, a.nested_type, path)
                             : leaf_value(type, hint, walk.options);
  if (present) return shrinking_to(std::move(value), Value::null(type));
  return sometimes(percent, type, std::move(value));
}

rc::Gen<Value> block_body(const Walk& walk, const std::shared_ptr<const schema::Block>& body, const std::string& path) {
  return rc::gen::lazy([=] { return rc::gen::scale(0.7, block_value(walk, *body, path)); });
}

rc::Gen<Value> block_collection(const Walk& walk, const NestedBlock& nb, const rc::Gen<Value>& body, bool always) {
  const Type type = schema::implied_type(nb);
  std::size_t lo = static_cast<std::size_t>(std::max<std::int64_t>(nb.min_items, 0));
  if (always) lo = std::max<std::size_t>(lo, 1);
  const std::size_t hi =
      nb.max_items > 0 ? std::max(static_cast<std::size_t>(nb.max_items), lo) : std::max(lo, walk.options.max_blocks);
  if (nb.nesting == NestingMode::Map) {
    return rc::gen::map(vector_between(lo, hi, rc::gen::pair(label(), body)),
                        [type](std::vector<std::pair<std::string, Value>> entries) {
                          // Labels are unique in configuration: the first block with a label wins.
                          std::map<std::string, Value> unique(entries.begin(), entries.end());
                          std::vector<std::pair<std::string, Value>> list(unique.begin(), unique.end());
                          return type.is_dynamic() ? Value::object(std::move(list))
                                                   : Value::typed_map(type, std::move(list));
                        });
  }
  return rc::gen::map(
      vector_between<Value>(lo, hi, body), [type, set = nb.nesting == NestingMode::Set](std::vector<Value> elements) {
        if (type.is_dynamic()) return Value::tuple(std::move(elements));
        return set ? Value::typed_set(type, std::move(elements)) : Value::typed_list(type, std::move(elements));
      });
}

rc::Gen<Value> block_member(const Walk& walk, const NestedBlock& nb, const std::string& path,
                            Presence presence = Presence::Free) {
  static const auto kEmpty = std::make_shared<const schema::Block>();
  const auto body_schema = nb.block ? nb.block : kEmpty;
  const AttributeHint* hint = hint_at(walk, path);
  const Value absent = schema::absent_block(nb);
  const bool config = walk.mode == WalkMode::Config;
  if (config && presence == Presence::Never && nb.min_items < 1) return rc::gen::just(absent);
  if ((hint && hint->omit) && !(config && presence == Presence::Always)) return rc::gen::just(absent);
  const bool present = config && hint && hint->present && presence == Presence::Free && nb.min_items < 1;
  const bool always = (hint && hint->always) || (config && presence == Presence::Always) || present;
  const rc::Gen<Value> body = block_body(walk, body_schema, path);
  rc::Gen<Value> generated = body;
  switch (nb.nesting) {
    case NestingMode::Group: break;
    case NestingMode::Single:
      if (nb.min_items < 1 && !always) generated = sometimes(walk.options.single_block_percent, absent.type(), body);
      break;
    default: generated = block_collection(walk, nb, body, always); break;
  }
  // A computed (6.11) block is mostly left to the provider in configuration.
  if (walk.mode == WalkMode::Config && body_schema->computed && !always) {
    return rc::gen::mapcat(chance(walk.options.computed_block_percent), [generated, absent](bool configured) {
      return configured ? generated : rc::gen::just(absent);
    });
  }
  if (present) return shrinking_to(std::move(generated), absent);
  return generated;
}

}  // namespace

rc::Gen<Value> block_value(const Walk& walk, const schema::Block& block, const std::string& path) {
  MemberMakers makers;
  auto taken = [&](const std::string& name) {
    return std::any_of(makers.begin(), makers.end(), [&](const auto& m) { return m.first == name; });
  };
  // Attributes before block types: the same first-wins rule as implied_type for broken schemas.
  for (const Attribute& a : block.attributes) {
    if (!taken(a.name))
      makers.push_back({a.name,
                        [walk, a, p = join(path, a.name)](Presence pr) { return attribute_member(walk, a, p, pr); },
                        a.required});
  }
  for (const NestedBlock& nb : block.block_types) {
    if (!taken(nb.type_name))
      makers.push_back({nb.type_name,
                        [walk, nb, p = join(path, nb.type_name)](Presence pr) { return block_member(walk, nb, p, pr); },
                        nb.min_items > 0});
  }
  return members_object(walk, path, std::move(makers));
}

rc::Gen<Value> member_value(const Walk& walk, const schema::Block& block, const std::string& name) {
  if (const Attribute* a = block.find_attribute(name)) return attribute_member(walk, *a, name);
  if (const NestedBlock* nb = block.find_block_type(name)) return block_member(walk, *nb, name);
  return rc::gen::just(Value());
}

}  // namespace tfc::gen::detail
