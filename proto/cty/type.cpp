#include "proto/cty/type.hpp"

#include <algorithm>
#include <stdexcept>

namespace tfc::cty {

struct Type::Composite {
  std::vector<Type> types;            // the element of a collection, or a tuple's elements
  std::vector<Attribute> attributes;  // an object's attributes, sorted by name
  bool has_dynamic = false;
};

Type::Type() : m_kind(Kind::Dynamic) {}

Type::Type(Kind kind, std::shared_ptr<const Composite> composite) : m_kind(kind), m_composite(std::move(composite)) {}

Type Type::string() { return Type(Kind::String, nullptr); }
Type Type::number() { return Type(Kind::Number, nullptr); }
Type Type::boolean() { return Type(Kind::Bool, nullptr); }
Type Type::dynamic() { return Type(Kind::Dynamic, nullptr); }

Type Type::list(Type element) {
  auto c = std::make_shared<Composite>();
  c->has_dynamic = element.has_dynamic();
  c->types.push_back(std::move(element));
  return Type(Kind::List, std::move(c));
}

Type Type::set(Type element) {
  auto c = std::make_shared<Composite>();
  c->has_dynamic = element.has_dynamic();
  c->types.push_back(std::move(element));
  return Type(Kind::Set, std::move(c));
}

Type Type::map(Type element) {
  auto c = std::make_shared<Composite>();
  c->has_dynamic = element.has_dynamic();
  c->types.push_back(std::move(element));
  return Type(Kind::Map, std::move(c));
}

Type Type::tuple(std::vector<Type> elements) {
  auto c = std::make_shared<Composite>();
  for (const Type& t : elements) c->has_dynamic = c->has_dynamic || t.has_dynamic();
  c->types = std::move(elements);
  return Type(Kind::Tuple, std::move(c));
}

Type Type::object(const std::vector<std::pair<std::string, Type>>& attributes,
                  const std::vector<std::string>& optional) {
  auto c = std::make_shared<Composite>();
  c->attributes.reserve(attributes.size());
  for (auto& [name, type] : attributes) {
    c->has_dynamic = c->has_dynamic || type.has_dynamic();
    c->attributes.push_back(Attribute{std::move(name), std::move(type), false});
  }
  std::sort(c->attributes.begin(), c->attributes.end(),
            [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  for (std::size_t i = 1; i < c->attributes.size(); ++i) {
    if (c->attributes[i - 1].name == c->attributes[i].name) {
      throw std::invalid_argument("cty object type: duplicate attribute " + c->attributes[i].name);
    }
  }
  for (const std::string& name : optional) {
    auto it = std::lower_bound(c->attributes.begin(), c->attributes.end(), name,
                               [](const Attribute& a, const std::string& n) { return a.name < n; });
    if (it == c->attributes.end() || it->name != name) {
      throw std::invalid_argument("cty object type: optional attribute " + name + " does not exist");
    }
    it->optional = true;
  }
  return Type(Kind::Object, std::move(c));
}

bool Type::has_dynamic() const noexcept {
  if (m_kind == Kind::Dynamic) return true;
  return m_composite && m_composite->has_dynamic;
}

const Type& Type::element() const {
  if (!is_collection()) throw std::logic_error("cty: element() of a non-collection type");
  return m_composite->types.front();
}

const std::vector<Type>& Type::tuple_elements() const {
  if (m_kind != Kind::Tuple) throw std::logic_error("cty: tuple_elements() of a non-tuple type");
  return m_composite->types;
}

const std::vector<Type::Attribute>& Type::attributes() const {
  if (m_kind != Kind::Object) throw std::logic_error("cty: attributes() of a non-object type");
  return m_composite->attributes;
}

int Type::attribute_index(std::string_view name) const noexcept {
  if (m_kind != Kind::Object) return -1;
  const auto& attrs = m_composite->attributes;
  auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                             [](const Attribute& a, std::string_view n) { return a.name < n; });
  if (it == attrs.end() || it->name != name) return -1;
  return static_cast<int>(it - attrs.begin());
}

const Type* Type::attribute_type(std::string_view name) const noexcept {
  int i = attribute_index(name);
  return i < 0 ? nullptr : &m_composite->attributes[static_cast<std::size_t>(i)].type;
}

Type Type::without_optional_markers() const {
  switch (m_kind) {
    case Kind::List: return list(element().without_optional_markers());
    case Kind::Set: return set(element().without_optional_markers());
    case Kind::Map: return map(element().without_optional_markers());
    case Kind::Tuple: {
      std::vector<Type> elems;
      elems.reserve(m_composite->types.size());
      for (const Type& t : m_composite->types) elems.push_back(t.without_optional_markers());
      return tuple(std::move(elems));
    }
    case Kind::Object: {
      std::vector<std::pair<std::string, Type>> attrs;
      attrs.reserve(m_composite->attributes.size());
      for (const Attribute& a : m_composite->attributes) {
        attrs.emplace_back(a.name, a.type.without_optional_markers());
      }
      return object(std::move(attrs));
    }
    default: return *this;
  }
}

bool operator==(const Type& a, const Type& b) noexcept {
  if (a.m_kind != b.m_kind) return false;
  if (a.m_composite == b.m_composite) return true;
  if (!a.m_composite || !b.m_composite) return false;
  const auto& ca = *a.m_composite;
  const auto& cb = *b.m_composite;
  if (ca.types.size() != cb.types.size() || ca.attributes.size() != cb.attributes.size()) return false;
  for (std::size_t i = 0; i < ca.types.size(); ++i) {
    if (ca.types[i] != cb.types[i]) return false;
  }
  for (std::size_t i = 0; i < ca.attributes.size(); ++i) {
    const Type::Attribute& x = ca.attributes[i];
    const Type::Attribute& y = cb.attributes[i];
    if (x.name != y.name || x.optional != y.optional || x.type != y.type) return false;
  }
  return true;
}

int type_order(const Type& a, const Type& b) noexcept {
  if (a.kind() != b.kind()) return a.kind() < b.kind() ? -1 : 1;
  if (a.is_primitive() || a.is_dynamic() || a == b) return 0;
  switch (a.kind()) {
    case Kind::List:
    case Kind::Set:
    case Kind::Map: return type_order(a.element(), b.element());
    case Kind::Tuple: {
      const auto& x = a.tuple_elements();
      const auto& y = b.tuple_elements();
      if (x.size() != y.size()) return x.size() < y.size() ? -1 : 1;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (int c = type_order(x[i], y[i])) return c;
      }
      return 0;
    }
    case Kind::Object: {
      const auto& x = a.attributes();
      const auto& y = b.attributes();
      if (x.size() != y.size()) return x.size() < y.size() ? -1 : 1;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (int c = x[i].name.compare(y[i].name)) return c < 0 ? -1 : 1;
        if (x[i].optional != y[i].optional) return x[i].optional ? 1 : -1;
        if (int c = type_order(x[i].type, y[i].type)) return c;
      }
      return 0;
    }
    default: return 0;
  }
}

std::string Type::friendly_name() const {
  switch (m_kind) {
    case Kind::String: return "string";
    case Kind::Number: return "number";
    case Kind::Bool: return "bool";
    case Kind::List: return "list of " + element().friendly_name();
    case Kind::Set: return "set of " + element().friendly_name();
    case Kind::Map: return "map of " + element().friendly_name();
    case Kind::Tuple: return "tuple";
    case Kind::Object: return "object";
    case Kind::Dynamic: return "dynamic";
  }
  return "invalid";
}

}  // namespace tfc::cty
