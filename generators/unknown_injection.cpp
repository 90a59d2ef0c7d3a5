#include "generators/unknown_injection.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "generators/config_combinators.hpp"
#include "proto/util/utf8.hpp"

namespace tfc::gen {

namespace {

using cty::Kind;
using cty::Path;
using cty::Refinements;
using cty::Type;
using cty::Value;

// go-cty keeps string prefixes below 256 bytes (docs/protocol.md §3.4).
constexpr std::size_t kMaxPrefix = 255;

rc::Gen<Refinements> consistent_refinements(const Value& v) {
  if (v.is_null() || !v.is_known()) return rc::gen::just(Refinements{});
  const Kind kind = v.type().kind();
  if (kind == Kind::String) {
    return rc::gen::apply(
        [s = v.as_string()](bool not_null, std::size_t len) {
          Refinements r;
          r.not_null = not_null;
          if (std::string p = util::utf8_prefix(s, std::min(len, kMaxPrefix)); !p.empty())
            r.string_prefix = std::move(p);
          return r;
        },
        chance(70), rc::gen::inRange<std::size_t>(0, v.as_string().size() + 1));
  }
  if (kind == Kind::Number) {
    return rc::gen::apply(
        [n = v.as_number()](bool not_null, bool lower, bool upper) {
          Refinements r;
          r.not_null = not_null;
          if (lower) r.number_lower = cty::NumberBound{n, true};
          if (upper) r.number_upper = cty::NumberBound{n, true};
          return r;
        },
        chance(70), chance(50), chance(50));
  }
  if (v.type().is_collection()) {
    const std::uint64_t len = v.length();
    return rc::gen::apply(
        [len](bool not_null, std::uint64_t lower, bool bounded, std::uint64_t extra) {
          Refinements r;
          r.not_null = not_null;
          if (lower > 0) r.length_lower = lower;
          if (bounded) r.length_upper = len + extra;
          return r;
        },
        chance(70), rc::gen::inRange<std::uint64_t>(0, len + 1), chance(50), rc::gen::inRange<std::uint64_t>(0, 3));
  }
  return rc::gen::map(chance(70), [](bool not_null) {
    Refinements r;
    r.not_null = not_null;
    return r;
  });
}

rc::Gen<Value> unknown_for(const Value& v, const Type& declared, const UnknownOptions& options) {
  const Type& type = v.type();
  auto typed = rc::gen::mapcat(chance(options.refine_percent), [v, type](bool refine) {
    if (!refine) return rc::gen::just(Value::unknown(type));
    return rc::gen::map(consistent_refinements(v),
                        [type](Refinements r) { return Value::unknown(type, std::move(r)); });
  });
  if (!declared.is_dynamic() || type.is_dynamic()) return typed;
  return rc::gen::mapcat(chance(100 - options.untyped_percent), [typed](bool keep_type) {
    return keep_type ? typed : rc::gen::just(Value::unknown(Type::dynamic()));
  });
}

void prefix_into(std::vector<Path>& out, const Path& head, const std::vector<Path>& tails) {
  for (const Path& tail : tails) {
    Path p = head;
    for (const auto& step : tail.steps()) {
      std::visit(
          [&p](const auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, cty::AttributeStep>)
              p = p.attribute(s.name);
            else if constexpr (std::is_same_v<S, cty::IndexStep>)
              p = p.index(s.index);
            else if constexpr (std::is_same_v<S, cty::KeyStep>)
              p = p.key(s.key);
            else
              p = p.set_element(s.element);
          },
          step);
    }
    out.push_back(std::move(p));
  }
}

rc::Gen<InjectedConfig> inject(const Value& v, const Type& declared, const UnknownOptions& options, bool root);

// The children of a known container, each possibly injected, rebuilt into the same container.
rc::Gen<InjectedConfig> inject_children(const Value& v, const UnknownOptions& options) {
  const Type& type = v.type();
  std::vector<rc::Gen<InjectedConfig>> parts;
  std::vector<Path> heads;
  switch (type.kind()) {
    case Kind::Object:
      for (std::size_t i = 0; i < type.attributes().size(); ++i) {
        parts.push_back(inject(v.attribute_values()[i], type.attributes()[i].type, options, false));
        heads.push_back(Path().attribute(type.attributes()[i].name));
      }
      break;
    case Kind::Map:
      for (const auto& [k, e] : v.map_entries()) {
        parts.push_back(inject(e, type.element(), options, false));
        heads.push_back(Path().key(k));
      }
      break;
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple:
      for (std::size_t i = 0; i < v.elements().size(); ++i) {
        const Type& t = type.kind() == Kind::Tuple ? type.tuple_elements()[i] : type.element();
        parts.push_back(inject(v.elements()[i], t, options, false));
        heads.push_back(Path().index(static_cast<std::int64_t>(i)));
      }
      break;
    default: return rc::gen::just(InjectedConfig{v, {}});
  }
  return rc::gen::map(sequence(std::move(parts)), [v, heads](std::vector<InjectedConfig> children) {
    const Type& t = v.type();
    std::vector<Value> values;
    std::vector<Path> paths;
    for (std::size_t i = 0; i < children.size(); ++i) {
      values.push_back(children[i].value);
      if (t.kind() != Kind::Set) prefix_into(paths, heads[i], children[i].injected);
    }
    switch (t.kind()) {
      case Kind::Object: return InjectedConfig{Value::object(t, std::move(values)), std::move(paths)};
      case Kind::List: return InjectedConfig{Value::typed_list(t, std::move(values)), std::move(paths)};
      case Kind::Tuple: return InjectedConfig{Value::tuple(t, std::move(values)), std::move(paths)};
      case Kind::Map: {
        std::vector<std::pair<std::string, Value>> entries;
        for (std::size_t i = 0; i < values.size(); ++i) entries.emplace_back(v.map_entries()[i].first, values[i]);
        return InjectedConfig{Value::typed_map(t, std::move(entries)), std::move(paths)};
      }
      default: {
        // A set element is addressed by its value, so paths are taken from the rebuilt set;
        // elements that became equal would collapse, and then the set stays as it was.
        Value set = Value::typed_set(t, std::move(values));
        if (set.length() != v.length()) return InjectedConfig{v, {}};
        for (const Value& e : set.elements()) prefix_into(paths, Path().set_element(e), unknown_paths(e));
        return InjectedConfig{set, std::move(paths)};
      }
    }
  });
}

rc::Gen<InjectedConfig> inject(const Value& v, const Type& declared, const UnknownOptions& options, bool root) {
  if (!v.is_known()) return rc::gen::just(InjectedConfig{v, {}});
  const bool container = !v.is_null() && !v.type().is_primitive();
  rc::Gen<InjectedConfig> keep =
      container ? rc::gen::lazy([=] { return inject_children(v, options); }) : rc::gen::just(InjectedConfig{v, {}});
  if (root) return keep;
  auto unknown = rc::gen::map(unknown_for(v, declared, options), [](Value u) {
    return InjectedConfig{std::move(u), {Path()}};
  });
  return rc::gen::mapcat(chance(options.percent),
                         [keep, unknown](bool make_unknown) { return make_unknown ? unknown : keep; });
}

void collect_unknowns(const Value& v, const Path& at, std::vector<Path>& out) {
  if (!v.is_known()) {
    out.push_back(at);
    return;
  }
  if (v.is_null()) return;
  const Type& t = v.type();
  switch (t.kind()) {
    case Kind::Object:
      for (std::size_t i = 0; i < t.attributes().size(); ++i) {
        collect_unknowns(v.attribute_values()[i], at.attribute(t.attributes()[i].name), out);
      }
      break;
    case Kind::Map:
      for (const auto& [k, e] : v.map_entries()) collect_unknowns(e, at.key(k), out);
      break;
    case Kind::Set:
      for (const Value& e : v.elements()) collect_unknowns(e, at.set_element(e), out);
      break;
    case Kind::List:
    case Kind::Tuple:
      for (std::size_t i = 0; i < v.elements().size(); ++i) {
        collect_unknowns(v.elements()[i], at.index(static_cast<std::int64_t>(i)), out);
      }
      break;
    default: break;
  }
}

}  // namespace

rc::Gen<InjectedConfig> with_unknowns(const Value& config, UnknownOptions options) {
  return inject(config, config.type(), options, true);
}

std::vector<Path> unknown_paths(const Value& value) {
  std::vector<Path> out;
  collect_unknowns(value, Path(), out);
  return out;
}

}  // namespace tfc::gen
