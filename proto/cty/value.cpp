#include "proto/cty/value.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "proto/cty/value_payload.hpp"

namespace tfc::cty {

namespace {

const Refinements& no_refinements() {
  static const Refinements kNone;
  return kNone;
}

[[noreturn]] void precondition(const char* what) { throw std::logic_error(std::string("cty::Value: ") + what); }

// Keeps only the refinements that mean something for `type`, in the normal form the msgpack
// encoder would produce (docs/protocol.md §3.4), so that refine-encode-decode is the identity.
Refinements fit_refinements(const Type& type, Refinements r) {
  Refinements out;
  if (type.is_dynamic()) return out;
  out.not_null = r.not_null;
  if (type.kind() == Kind::String && r.string_prefix && !r.string_prefix->empty()) {
    out.string_prefix = std::move(r.string_prefix);
  }
  if (type.kind() == Kind::Number) {
    if (r.number_lower && !r.number_lower->value.is_infinite()) out.number_lower = r.number_lower;
    if (r.number_upper && !r.number_upper->value.is_infinite()) out.number_upper = r.number_upper;
  }
  if (type.is_collection()) {
    if (r.length_lower && *r.length_lower > 0) out.length_lower = r.length_lower;
    out.length_upper = r.length_upper;
  }
  return out;
}

}  // namespace

Value::Value() : m_type(Type::dynamic()), m_state(State::Null) {}

Value::Value(Type type, State state, std::shared_ptr<const Payload> payload)
    : m_type(std::move(type)), m_state(state), m_payload(std::move(payload)) {}

Value Value::null(Type type) { return Value(std::move(type), State::Null, nullptr); }

Value Value::unknown(Type type, Refinements refinements) {
  Refinements r = fit_refinements(type, std::move(refinements));
  if (r.empty()) return Value(std::move(type), State::Unknown, nullptr);
  auto p = std::make_shared<Payload>(Payload{std::make_unique<const Refinements>(std::move(r))});
  return Value(std::move(type), State::Unknown, std::move(p));
}

Value Value::string(std::string s) {
  return Value(Type::string(), State::Known, std::make_shared<Payload>(Payload{std::move(s)}));
}

Value Value::number(Number n) {
  return Value(Type::number(), State::Known, std::make_shared<Payload>(Payload{std::move(n)}));
}

Value Value::boolean(bool b) {
  static const auto kTrue = std::make_shared<const Payload>(Payload{true});
  static const auto kFalse = std::make_shared<const Payload>(Payload{false});
  return Value(Type::boolean(), State::Known, b ? kTrue : kFalse);
}

Value Value::list(Type element, std::vector<Value> elements) {
  return typed_list(Type::list(std::move(element)), std::move(elements));
}

Value Value::set(Type element, std::vector<Value> elements) {
  return typed_set(Type::set(std::move(element)), std::move(elements));
}

Value Value::map(Type element, std::vector<std::pair<std::string, Value>> entries) {
  return typed_map(Type::map(std::move(element)), std::move(entries));
}

Value Value::typed_list(Type list_type, std::vector<Value> elements) {
  if (list_type.kind() != Kind::List) precondition("typed_list() needs a list type");
  return Value(std::move(list_type), State::Known, std::make_shared<Payload>(Payload{std::move(elements)}));
}

Value Value::typed_set(Type set_type, std::vector<Value> elements) {
  if (set_type.kind() != Kind::Set) precondition("typed_set() needs a set type");
  auto less = [](const Value& a, const Value& b) { return canonical_compare(a, b) < 0; };
  bool canonical = true;
  for (std::size_t i = 1; i < elements.size() && canonical; ++i) canonical = less(elements[i - 1], elements[i]);
  if (!canonical) {
    std::sort(elements.begin(), elements.end(), less);
    // go-cty never finds an element holding an unknown equivalent to another: both stay.
    auto last = std::unique(elements.begin(), elements.end(), [](const Value& a, const Value& b) {
      return canonical_compare(a, b) == 0 && a.is_wholly_known();
    });
    elements.erase(last, elements.end());
  }
  return Value(std::move(set_type), State::Known, std::make_shared<Payload>(Payload{std::move(elements)}));
}

Value Value::typed_map(Type map_type, std::vector<std::pair<std::string, Value>> entries) {
  if (map_type.kind() != Kind::Map) precondition("typed_map() needs a map type");
  bool canonical = true;
  for (std::size_t i = 1; i < entries.size() && canonical; ++i) canonical = entries[i - 1].first < entries[i].first;
  if (!canonical) {
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // Keys should be unique; if not, the last one given wins.
    std::vector<std::pair<std::string, Value>> unique;
    unique.reserve(entries.size());
    for (auto& e : entries) {
      if (!unique.empty() && unique.back().first == e.first) {
        unique.back() = std::move(e);
      } else {
        unique.push_back(std::move(e));
      }
    }
    entries = std::move(unique);
  }
  return Value(std::move(map_type), State::Known, std::make_shared<Payload>(Payload{std::move(entries)}));
}

Value Value::tuple(std::vector<Value> elements) {
  std::vector<Type> types;
  types.reserve(elements.size());
  for (const Value& v : elements) types.push_back(v.type());
  return tuple(Type::tuple(std::move(types)), std::move(elements));
}

Value Value::tuple(Type tuple_type, std::vector<Value> elements) {
  if (tuple_type.kind() != Kind::Tuple || tuple_type.tuple_elements().size() != elements.size()) {
    precondition("tuple(): element count differs from the tuple type");
  }
  return Value(std::move(tuple_type), State::Known, std::make_shared<Payload>(Payload{std::move(elements)}));
}

Value Value::object(Type object_type, std::vector<Value> attribute_values) {
  if (object_type.kind() != Kind::Object || object_type.attributes().size() != attribute_values.size()) {
    precondition("object(): attribute count differs from the object type");
  }
  return Value(std::move(object_type), State::Known, std::make_shared<Payload>(Payload{std::move(attribute_values)}));
}

Value Value::object(std::vector<std::pair<std::string, Value>> attributes) {
  std::sort(attributes.begin(), attributes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::pair<std::string, Type>> types;
  std::vector<Value> values;
  types.reserve(attributes.size());
  values.reserve(attributes.size());
  for (auto& [name, v] : attributes) {
    types.emplace_back(name, v.type());
    values.push_back(std::move(v));
  }
  return object(Type::object(std::move(types)), std::move(values));
}

bool Value::is_wholly_known() const noexcept {
  if (m_state == State::Unknown) return false;
  if (m_state == State::Null || !m_payload) return true;
  if (auto* elems = std::get_if<std::vector<Value>>(&m_payload->data)) {
    for (const Value& v : *elems) {
      if (!v.is_wholly_known()) return false;
    }
  } else if (auto* entries = std::get_if<Payload::Entries>(&m_payload->data)) {
    for (const auto& e : *entries) {
      if (!e.second.is_wholly_known()) return false;
    }
  }
  return true;
}

const Refinements& Value::refinements() const noexcept {
  if (m_state != State::Unknown || !m_payload) return no_refinements();
  return *std::get<std::unique_ptr<const Refinements>>(m_payload->data);
}

const std::string& Value::as_string() const {
  if (m_state != State::Known || m_type.kind() != Kind::String) precondition("as_string() of a non-string");
  return std::get<std::string>(m_payload->data);
}

const Number& Value::as_number() const {
  if (m_state != State::Known || m_type.kind() != Kind::Number) precondition("as_number() of a non-number");
  return std::get<Number>(m_payload->data);
}

bool Value::as_bool() const {
  if (m_state != State::Known || m_type.kind() != Kind::Bool) precondition("as_bool() of a non-bool");
  return std::get<bool>(m_payload->data);
}

const std::vector<Value>& Value::elements() const {
  Kind k = m_type.kind();
  if (m_state != State::Known || (k != Kind::List && k != Kind::Set && k != Kind::Tuple)) {
    precondition("elements() of a value that is not a known list, set or tuple");
  }
  return std::get<std::vector<Value>>(m_payload->data);
}

const std::vector<std::pair<std::string, Value>>& Value::map_entries() const {
  if (m_state != State::Known || m_type.kind() != Kind::Map) precondition("map_entries() of a non-map");
  return std::get<Payload::Entries>(m_payload->data);
}

const std::vector<Value>& Value::attribute_values() const {
  if (m_state != State::Known || m_type.kind() != Kind::Object) precondition("attribute_values() of a non-object");
  return std::get<std::vector<Value>>(m_payload->data);
}

std::size_t Value::length() const {
  if (m_state == State::Known && m_payload) {
    if (auto* elems = std::get_if<std::vector<Value>>(&m_payload->data)) return elems->size();
    if (auto* entries = std::get_if<Payload::Entries>(&m_payload->data)) return entries->size();
  }
  precondition("length() of a value that is not a known collection or tuple");
}

const Value* Value::attribute(std::string_view name) const {
  if (m_state != State::Known || m_type.kind() != Kind::Object) return nullptr;
  int i = m_type.attribute_index(name);
  if (i < 0) return nullptr;
  return &std::get<std::vector<Value>>(m_payload->data)[static_cast<std::size_t>(i)];
}

const Value* Value::map_find(std::string_view key) const {
  if (m_state != State::Known || m_type.kind() != Kind::Map) return nullptr;
  const auto& entries = std::get<Payload::Entries>(m_payload->data);
  auto it = std::lower_bound(entries.begin(), entries.end(), key,
                             [](const auto& e, std::string_view k) { return e.first < k; });
  if (it == entries.end() || it->first != key) return nullptr;
  return &it->second;
}

namespace {

bool type_conforms(const Type& have, const Type& want) {
  if (want.is_dynamic()) return true;
  if (have.kind() != want.kind()) return false;
  switch (want.kind()) {
    case Kind::List:
    case Kind::Set:
    case Kind::Map: return type_conforms(have.element(), want.element());
    case Kind::Tuple: {
      const auto& h = have.tuple_elements();
      const auto& w = want.tuple_elements();
      if (h.size() != w.size()) return false;
      for (std::size_t i = 0; i < h.size(); ++i) {
        if (!type_conforms(h[i], w[i])) return false;
      }
      return true;
    }
    case Kind::Object: {
      const auto& h = have.attributes();
      const auto& w = want.attributes();
      if (h.size() != w.size()) return false;
      for (std::size_t i = 0; i < h.size(); ++i) {
        if (h[i].name != w[i].name || !type_conforms(h[i].type, w[i].type)) return false;
      }
      return true;
    }
    default: return true;
  }
}

}  // namespace

bool Value::conforms_to(const Type& t) const {
  if (t.is_dynamic()) return true;
  if (m_state != State::Known) return type_conforms(m_type, t);
  if (m_type.kind() != t.kind()) return false;
  switch (t.kind()) {
    case Kind::List:
    case Kind::Set:
      for (const Value& v : elements()) {
        if (!v.conforms_to(t.element())) return false;
      }
      return true;
    case Kind::Map:
      for (const auto& e : map_entries()) {
        if (!e.second.conforms_to(t.element())) return false;
      }
      return true;
    case Kind::Tuple: {
      const auto& want = t.tuple_elements();
      const auto& elems = elements();
      if (want.size() != elems.size()) return false;
      for (std::size_t i = 0; i < elems.size(); ++i) {
        if (!elems[i].conforms_to(want[i])) return false;
      }
      return true;
    }
    case Kind::Object: {
      const auto& want = t.attributes();
      const auto& have = m_type.attributes();
      const auto& vals = attribute_values();
      if (want.size() != have.size()) return false;
      for (std::size_t i = 0; i < want.size(); ++i) {
        if (want[i].name != have[i].name || !vals[i].conforms_to(want[i].type)) return false;
      }
      return true;
    }
    default: return true;
  }
}

}  // namespace tfc::cty
