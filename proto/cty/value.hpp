#pragma once
// cty values: known, null or unknown (with refinements), of any cty type
// (docs/protocol.md §3). Values are immutable; copies share their children.
//
// Dynamic positions: a value decoded against a type that contains `dynamic` keeps that
// declared type on its containers (e.g. a list(dynamic) value), while each value sitting at a
// dynamic position carries its own concrete type (or stays a null/unknown of type dynamic when
// untyped on the wire). conforms_to() accepts any value at a dynamic position.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proto/cty/number.hpp"
#include "proto/cty/refinements.hpp"
#include "proto/cty/type.hpp"

namespace tfc::cty {

/// Three-valued answer of cty.Equals: unknowns make equality unknown.
enum class Tristate : std::uint8_t { False, True, Unknown };

class Value {
public:
  /// A null value of type dynamic.
  Value();

  static Value null(Type type);
  /// Refinements that do not fit the type (a prefix on a number...) are dropped.
  static Value unknown(Type type, Refinements refinements = {});
  static Value string(std::string s);
  static Value number(Number n);
  static Value boolean(bool b);
  /// Elements must conform to `element`; the value's type is list(element).
  static Value list(Type element, std::vector<Value> elements);
  /// Duplicate wholly known elements (raw-equal) collapse, while elements holding unknowns all
  /// stay (go-cty: an unknown is never equivalent to another value); stored in a canonical order so that equal sets
  /// have equal element sequences. Type is set(element).
  static Value set(Type element, std::vector<Value> elements);
  /// Keys unique; stored sorted by key (byte order). Type is map(element).
  static Value map(Type element, std::vector<std::pair<std::string, Value>> entries);
  /// Like list()/set()/map() but reuse an existing list/set/map type, so that decoders do not
  /// build a new type per value. Precondition: the type is of that kind.
  static Value typed_list(Type list_type, std::vector<Value> elements);
  static Value typed_set(Type set_type, std::vector<Value> elements);
  static Value typed_map(Type map_type, std::vector<std::pair<std::string, Value>> entries);
  /// Type is tuple of the element values' types.
  static Value tuple(std::vector<Value> elements);
  /// A tuple that keeps a declared type (which may hold dynamic positions); elements must
  /// conform to it, one per tuple element type.
  static Value tuple(Type tuple_type, std::vector<Value> elements);
  /// `attribute_values` parallel to object_type.attributes() (sorted by name).
  static Value object(Type object_type, std::vector<Value> attribute_values);
  /// Type is the object of the given attributes' value types (any order; names unique).
  static Value object(std::vector<std::pair<std::string, Value>> attributes);

  const Type& type() const noexcept { return m_type; }
  bool is_null() const noexcept { return m_state == State::Null; }
  bool is_known() const noexcept { return m_state != State::Unknown; }
  /// Known, and every nested value known too.
  bool is_wholly_known() const noexcept;
  /// Refinements of an unknown value (empty for known values).
  const Refinements& refinements() const noexcept;

  // Accessors. Preconditions: known, not null, and of the matching kind.
  const std::string& as_string() const;
  const Number& as_number() const;
  bool as_bool() const;
  /// list, set and tuple elements (a set's in canonical order).
  const std::vector<Value>& elements() const;
  /// map entries, sorted by key.
  const std::vector<std::pair<std::string, Value>>& map_entries() const;
  /// object attribute values, parallel to type().attributes().
  const std::vector<Value>& attribute_values() const;
  /// Element count of a list, set, map or tuple.
  std::size_t length() const;
  /// The object attribute, or nullptr when the object has no such attribute.
  const Value* attribute(std::string_view name) const;
  /// The map entry, or nullptr.
  const Value* map_find(std::string_view key) const;

  /// True when the value could be stored at a position of type `t` (dynamic accepts anything;
  /// null and unknown conform when their type does; object attributes must match exactly).
  bool conforms_to(const Type& t) const;

  /// Structural identity: same nullness/knownness, equal refinements for unknowns, equal
  /// primitives (numbers compared exactly), sets compared unordered. Unknown equals unknown.
  friend bool raw_equals(const Value& a, const Value& b);
  /// cty.Equals: Unknown when the answer depends on an unknown value.
  friend Tristate equals(const Value& a, const Value& b);

  /// A total order consistent with raw_equals (used to canonicalise sets).
  friend int canonical_compare(const Value& a, const Value& b);

  /// Hints the CPU to start loading this value's contents (codecs call it on the next sibling
  /// while encoding the current one: walking a large value is bound by memory latency).
  void prefetch() const noexcept { __builtin_prefetch(m_payload.get()); }

  /// Short rendering in cty/HCL-like syntax for messages: "x", 5, true, ["a", "b"],
  /// {id = "x", n = 5}, null, (known after apply).
  std::string to_display() const;

private:
  enum class State : std::uint8_t { Known, Null, Unknown };
  struct Payload;
  Value(Type type, State state, std::shared_ptr<const Payload> payload);
  Type m_type;
  State m_state = State::Null;
  std::shared_ptr<const Payload> m_payload;
};

}  // namespace tfc::cty
