#pragma once
// RapidCheck generators of cty types (docs/protocol.md §3.2): primitives, collections, tuples, objects
// and dynamic, nested to a bounded depth. Built from rc::gen combinators only, so shrinking
// comes with them (a type shrinks towards simpler kinds and fewer attributes).

#include <ostream>

#include <rapidcheck.h>

#include "proto/cty/type.hpp"
#include "proto/cty/type_json.hpp"

namespace tfc::gen {

struct TypeOptions {
  int max_depth = 3;                    // container nesting below the root
  bool allow_dynamic = true;            // `dynamic` at any position
  bool allow_optional_markers = false;  // object attributes marked optional (type JSON only)
};

/// Types nested at most options.max_depth deep (also bounded by the RapidCheck size).
rc::Gen<cty::Type> type(TypeOptions options = {});

/// Attribute or map-key like names: short, lower case, sometimes with '_' or digits.
rc::Gen<std::string> name();

}  // namespace tfc::gen

namespace tfc::cty {

/// How RapidCheck prints a Type in a counterexample: its type JSON.
inline void showValue(const Type& type, std::ostream& os) { os << type_to_json(type); }

}  // namespace tfc::cty

namespace rc {

template <>
struct Arbitrary<tfc::cty::Type> {
  static Gen<tfc::cty::Type> arbitrary() { return tfc::gen::type(); }
};

}  // namespace rc
