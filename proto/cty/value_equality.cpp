// Value identity and cty.Equals (docs/protocol.md §3; go-cty cty/value_ops.go semantics).
#include <algorithm>

#include "proto/cty/value.hpp"

namespace tfc::cty {

namespace {

int state_rank(const Value& v) { return !v.is_known() ? 1 : (v.is_null() ? 2 : 0); }

template <class T>
int cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int compare_bound(const std::optional<NumberBound>& a, const std::optional<NumberBound>& b) {
  if (a.has_value() != b.has_value()) return a ? 1 : -1;
  if (!a) return 0;
  if (int c = compare(a->value, b->value)) return c;
  return cmp(a->inclusive, b->inclusive);
}

int compare_refinements(const Refinements& a, const Refinements& b) {
  if (int c = cmp(a.not_null, b.not_null)) return c;
  if (int c = cmp(a.string_prefix, b.string_prefix)) return c;
  if (int c = compare_bound(a.number_lower, b.number_lower)) return c;
  if (int c = compare_bound(a.number_upper, b.number_upper)) return c;
  if (int c = cmp(a.length_lower, b.length_lower)) return c;
  return cmp(a.length_upper, b.length_upper);
}

// go-cty's HasWhollyKnownType: no unknown of dynamic type anywhere inside.
bool has_wholly_known_type(const Value& v) {
  if (!v.is_known()) return !v.type().is_dynamic();
  if (v.is_null()) return true;
  switch (v.type().kind()) {
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple: return std::all_of(v.elements().begin(), v.elements().end(), has_wholly_known_type);
    case Kind::Object:
      return std::all_of(v.attribute_values().begin(), v.attribute_values().end(), has_wholly_known_type);
    case Kind::Map:
      return std::all_of(v.map_entries().begin(), v.map_entries().end(),
                         [](const auto& e) { return has_wholly_known_type(e.second); });
    default: return true;
  }
}

// Whether two values' shapes agree: containers declared with dynamic positions compare by the
// types of what they hold, the way go-cty compares concrete types.
bool same_shape(const Value& a, const Value& b) {
  const Type& ta = a.type();
  const Type& tb = b.type();
  if (ta == tb && !ta.has_dynamic()) return true;
  if (ta.kind() != tb.kind()) return false;
  if (!a.is_known() || !b.is_known() || a.is_null() || b.is_null()) return ta == tb;
  switch (ta.kind()) {
    case Kind::Object: {
      const auto& x = ta.attributes();
      const auto& y = tb.attributes();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i].name != y[i].name) return false;
      }
      return true;
    }
    case Kind::Tuple: return ta.tuple_elements().size() == tb.tuple_elements().size();
    default: return true;  // collections: element comparison decides
  }
}

Tristate and_all(std::size_t n, const auto& element_equals) {
  for (std::size_t i = 0; i < n; ++i) {
    Tristate t = element_equals(i);
    if (t == Tristate::Unknown) return Tristate::Unknown;
    if (t == Tristate::False) return Tristate::False;
  }
  return Tristate::True;
}

}  // namespace

bool raw_equals(const Value& a, const Value& b) {
  if (a.m_state != b.m_state || a.m_type != b.m_type) return false;
  if (a.m_state == Value::State::Null) return true;
  if (a.m_state == Value::State::Unknown) return a.refinements() == b.refinements();
  if (a.m_payload == b.m_payload) return true;
  switch (a.m_type.kind()) {
    case Kind::String: return a.as_string() == b.as_string();
    case Kind::Number: return a.as_number() == b.as_number();
    case Kind::Bool: return a.as_bool() == b.as_bool();
    case Kind::Map: {
      const auto& x = a.map_entries();
      const auto& y = b.map_entries();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first || !raw_equals(x[i].second, y[i].second)) return false;
      }
      return true;
    }
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple:
    case Kind::Object: {
      const auto& x = a.m_type.kind() == Kind::Object ? a.attribute_values() : a.elements();
      const auto& y = a.m_type.kind() == Kind::Object ? b.attribute_values() : b.elements();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (!raw_equals(x[i], y[i])) return false;
      }
      return true;
    }
    case Kind::Dynamic: return false;  // a known value always has a concrete type
  }
  return false;
}

int canonical_compare(const Value& a, const Value& b) {
  if (int c = type_order(a.m_type, b.m_type)) return c;
  if (int c = cmp(state_rank(a), state_rank(b))) return c;
  if (a.m_state == Value::State::Null) return 0;
  if (a.m_state == Value::State::Unknown) return compare_refinements(a.refinements(), b.refinements());
  if (a.m_payload == b.m_payload) return 0;
  switch (a.m_type.kind()) {
    case Kind::String: {
      int c = a.as_string().compare(b.as_string());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case Kind::Number: return compare(a.as_number(), b.as_number());
    case Kind::Bool: return cmp(a.as_bool(), b.as_bool());
    case Kind::Map: {
      const auto& x = a.map_entries();
      const auto& y = b.map_entries();
      for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (int c = x[i].first.compare(y[i].first)) return c < 0 ? -1 : 1;
        if (int c = canonical_compare(x[i].second, y[i].second)) return c;
      }
      return cmp(x.size(), y.size());
    }
    case Kind::Dynamic: return 0;
    default: {
      const auto& x = a.m_type.kind() == Kind::Object ? a.attribute_values() : a.elements();
      const auto& y = a.m_type.kind() == Kind::Object ? b.attribute_values() : b.elements();
      for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (int c = canonical_compare(x[i], y[i])) return c;
      }
      return cmp(x.size(), y.size());
    }
  }
}

Tristate equals(const Value& a, const Value& b) {
  if (!a.is_known() && !b.is_known()) return Tristate::Unknown;
  if (!a.is_known() || !b.is_known()) {
    const Value& known = a.is_known() ? a : b;
    const Value& unknown = a.is_known() ? b : a;
    // Nulls of any type are equal, so a known null must wait for the unknown.
    if (known.is_null() || unknown.type().has_dynamic()) return Tristate::Unknown;
    if (known.type().kind() != unknown.type().kind()) return Tristate::False;
    if (known.type() == unknown.type() || known.type().has_dynamic()) return Tristate::Unknown;
    return Tristate::False;
  }
  if (a.is_null() && b.is_null()) return Tristate::True;
  if (a.is_null() || b.is_null()) return Tristate::False;
  if (!has_wholly_known_type(a) || !has_wholly_known_type(b)) {
    return a.type().kind() == b.type().kind() ? Tristate::Unknown : Tristate::False;
  }
  if (!same_shape(a, b)) return Tristate::False;
  switch (a.type().kind()) {
    case Kind::String: return a.as_string() == b.as_string() ? Tristate::True : Tristate::False;
    case Kind::Number: return a.as_number() == b.as_number() ? Tristate::True : Tristate::False;
    case Kind::Bool: return a.as_bool() == b.as_bool() ? Tristate::True : Tristate::False;
    case Kind::List:
    case Kind::Tuple: {
      const auto& x = a.elements();
      const auto& y = b.elements();
      if (x.size() != y.size()) return Tristate::False;
      return and_all(x.size(), [&](std::size_t i) { return equals(x[i], y[i]); });
    }
    case Kind::Object: {
      const auto& x = a.attribute_values();
      const auto& y = b.attribute_values();
      return and_all(x.size(), [&](std::size_t i) { return equals(x[i], y[i]); });
    }
    case Kind::Set: {
      // Like go-cty, refinements are ignored: a set holding unknowns compares as unknown.
      if (!a.is_wholly_known() || !b.is_wholly_known()) return Tristate::Unknown;
      const auto& x = a.elements();
      const auto& y = b.elements();
      if (x.size() != y.size()) return Tristate::False;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (canonical_compare(x[i], y[i]) != 0) return Tristate::False;
      }
      return Tristate::True;
    }
    case Kind::Map: {
      const auto& x = a.map_entries();
      const auto& y = b.map_entries();
      if (x.size() != y.size()) return Tristate::False;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first) return Tristate::False;
      }
      return and_all(x.size(), [&](std::size_t i) { return equals(x[i].second, y[i].second); });
    }
    case Kind::Dynamic: return Tristate::Unknown;
  }
  return Tristate::Unknown;
}

}  // namespace tfc::cty
