#include "oracle/value_conformance.hpp"

#include <string>

#include "proto/schema/implied_type.hpp"

namespace tfc::oracle {
namespace {

constexpr std::string_view kTypeMismatch = "value.type_mismatch";

// Type-level conformance (cty TestConformance): an empty list of strings is no list of objects.
bool type_conforms(const cty::Type& got, const cty::Type& want) {
  if (want.is_dynamic()) return true;
  if (got.kind() != want.kind()) return false;
  switch (want.kind()) {
    case cty::Kind::List:
    case cty::Kind::Set:
    case cty::Kind::Map: return type_conforms(got.element(), want.element());
    case cty::Kind::Tuple: {
      const auto& g = got.tuple_elements();
      const auto& w = want.tuple_elements();
      if (g.size() != w.size()) return false;
      for (std::size_t i = 0; i < g.size(); ++i)
        if (!type_conforms(g[i], w[i])) return false;
      return true;
    }
    case cty::Kind::Object: {
      const auto& g = got.attributes();
      const auto& w = want.attributes();
      if (g.size() != w.size()) return false;
      for (std::size_t i = 0; i < g.size(); ++i)
        if (g[i].name != w[i].name || !type_conforms(g[i].type, w[i].type)) return false;
      return true;
    }
    default: return true;
  }
}

struct ConformanceWalk {
  std::string_view what;
  Findings& out;

  void mismatch(const cty::Path& path, const cty::Type& want, const cty::Type& got) {
    out.add(kTypeMismatch, path,
            std::string(what) + " has " + got.friendly_name() + ", but the schema wants " + want.friendly_name());
  }

  // Returns whether a finding was added below `path` so that the caller can report the
  // container itself when nothing deeper explains the mismatch (an empty list of the wrong
  // element type, say).
  bool value(const cty::Type& want, const cty::Value& v, const cty::Path& path) {
    if (type_conforms(v.type(), want) && v.conforms_to(want)) return false;
    // An untyped null or unknown (a JSON null, a wholly unknown dynamic) fits any position.
    if ((v.is_null() || !v.is_known()) && v.type().is_dynamic()) return false;
    const std::size_t before = out.size();
    if (v.is_known() && !v.is_null() && v.type().kind() == want.kind()) {
      switch (want.kind()) {
        case cty::Kind::Object: object(want, v, path); break;
        case cty::Kind::List: sequence(want.element(), v, path); break;
        case cty::Kind::Set: set(want.element(), v, path); break;
        case cty::Kind::Map: map(want.element(), v, path); break;
        case cty::Kind::Tuple: tuple(want, v, path); break;
        default: break;
      }
    }
    if (out.size() == before) mismatch(path, want, v.type());
    return true;
  }

  void object(const cty::Type& want, const cty::Value& v, const cty::Path& path) {
    for (const auto& a : want.attributes()) {
      const cty::Value* got = v.attribute(a.name);
      if (got == nullptr) {
        out.add(kTypeMismatch, path.attribute(a.name),
                std::string(what) + " lacks attribute \"" + a.name + "\" of the schema");
        continue;
      }
      value(a.type, *got, path.attribute(a.name));
    }
    for (const auto& a : v.type().attributes()) {
      if (want.attribute_index(a.name) < 0)
        out.add(kTypeMismatch, path.attribute(a.name),
                std::string(what) + " has attribute \"" + a.name + "\" that the schema does not define");
    }
  }

  void sequence(const cty::Type& element, const cty::Value& v, const cty::Path& path) {
    const auto& elements = v.elements();
    for (std::size_t i = 0; i < elements.size(); ++i)
      value(element, elements[i], path.index(static_cast<std::int64_t>(i)));
  }

  void set(const cty::Type& element, const cty::Value& v, const cty::Path& path) {
    for (const cty::Value& e : v.elements()) value(element, e, path.set_element(e));
  }

  void map(const cty::Type& element, const cty::Value& v, const cty::Path& path) {
    for (const auto& [k, e] : v.map_entries()) value(element, e, path.key(k));
  }

  void tuple(const cty::Type& want, const cty::Value& v, const cty::Path& path) {
    const auto& types = want.tuple_elements();
    const auto& elements = v.elements();
    if (types.size() != elements.size()) {
      out.add(kTypeMismatch, path,
              std::string(what) + " has a tuple of " + std::to_string(elements.size()) +
                  " elements, but the schema wants " + std::to_string(types.size()));
      return;
    }
    for (std::size_t i = 0; i < types.size(); ++i)
      value(types[i], elements[i], path.index(static_cast<std::int64_t>(i)));
  }
};

}  // namespace

void check_conformance(const cty::Type& type, const cty::Value& value, std::string_view what, Findings& out) {
  ConformanceWalk{what, out}.value(type, value, cty::Path{});
}

Violations check_value_conforms(const schema::Block& block, const cty::Value& value, std::string_view what) {
  Findings out;
  check_conformance(schema::implied_type(block), value, what, out);
  return out.take();
}

}  // namespace tfc::oracle
