#pragma once
// cty types: the closed set of value types Terraform and providers exchange
// (docs/protocol.md §3.2). A Type is an immutable value with cheap copies.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfc::cty {

enum class Kind : std::uint8_t { String, Number, Bool, List, Set, Map, Tuple, Object, Dynamic };

class Type {
public:
  /// One named attribute of an object type. Objects keep attributes sorted by name.
  struct Attribute;

  static Type string();
  static Type number();
  static Type boolean();
  /// The "any type, decided at runtime" pseudo-type (`"dynamic"` in type JSON).
  static Type dynamic();
  static Type list(Type element);
  static Type set(Type element);
  static Type map(Type element);
  static Type tuple(std::vector<Type> elements);
  /// Attribute names are unique; the order given does not matter (stored sorted by name).
  /// `optional` names attributes marked optional (type JSON's third element); each must exist.
  static Type object(const std::vector<std::pair<std::string, Type>>& attributes,
                     const std::vector<std::string>& optional = {});

  /// Default-constructed is the dynamic pseudo-type.
  Type();

  Kind kind() const noexcept { return m_kind; }
  bool is_primitive() const noexcept { return m_kind <= Kind::Bool; }
  /// list, set or map
  bool is_collection() const noexcept { return m_kind == Kind::List || m_kind == Kind::Set || m_kind == Kind::Map; }
  bool is_dynamic() const noexcept { return m_kind == Kind::Dynamic; }
  /// True when this type or any type nested in it is dynamic.
  bool has_dynamic() const noexcept;

  /// Element type of a list, set or map. Precondition: is_collection().
  const Type& element() const;
  /// Element types of a tuple. Precondition: kind() == Tuple.
  const std::vector<Type>& tuple_elements() const;
  /// Attributes of an object, sorted by name. Precondition: kind() == Object.
  const std::vector<Attribute>& attributes() const;
  /// The attribute's index in attributes(), or -1.
  int attribute_index(std::string_view name) const noexcept;
  /// The attribute's type, or nullptr when the object has no such attribute (or is not an object).
  const Type* attribute_type(std::string_view name) const noexcept;

  /// The same type with every optional-attribute marker removed, at any depth.
  Type without_optional_markers() const;

  /// Deep structural equality, optional markers included.
  friend bool operator==(const Type& a, const Type& b) noexcept;
  friend bool operator!=(const Type& a, const Type& b) noexcept { return !(a == b); }

  /// Human-readable name as Terraform prints it: "string", "list of string",
  /// "object", "tuple", "map of number", "dynamic".
  std::string friendly_name() const;

private:
  struct Composite;
  Type(Kind kind, std::shared_ptr<const Composite> composite);
  Kind m_kind;
  std::shared_ptr<const Composite> m_composite;
};

/// A total order on types (kind first, then structure); 0 exactly when a == b. Used to
/// order set elements of different types at dynamic positions.
int type_order(const Type& a, const Type& b) noexcept;

struct Type::Attribute {
  std::string name;
  Type type;
  bool optional = false;
};

}  // namespace tfc::cty
