#pragma once
// RapidCheck generators of cty values of a given type: known, null, unknown (with or without
// refinements), dynamic positions filled with values of generated concrete types. Built from
// rc::gen combinators only; reused by the configuration generators.

#include <rapidcheck.h>

#include "proto/cty/type.hpp"
#include "proto/cty/type_json.hpp"
#include "proto/cty/value.hpp"

namespace tfc::gen {

struct ValueOptions {
  bool allow_unknown = true;
  bool allow_null = true;
  bool allow_refinements = true;   // unknowns may carry refinements (needs allow_unknown)
  bool allow_infinity = false;     // ±infinity numbers (not representable in JSON)
  int max_elements = 4;            // per list, set, map
  int dynamic_depth = 2;           // nesting of the concrete types chosen for dynamic positions
};

/// Values conforming to `type`. Containers keep `type` (dynamic positions hold values of their
/// own concrete types, as the codecs produce them).
rc::Gen<cty::Value> value_of(const cty::Type& type, ValueOptions options = {});

/// Refinements that make sense for an unknown of `type` (possibly none).
rc::Gen<cty::Refinements> refinements_for(const cty::Type& type);

/// Numbers in every form: small and large int64, doubles, decimal texts beyond double.
rc::Gen<cty::Number> number(bool allow_infinity = false);

/// Valid UTF-8 strings with JSON-hostile characters (quotes, escapes, <, U+2028, emoji).
rc::Gen<std::string> text();

}  // namespace tfc::gen

namespace tfc::cty {

/// How RapidCheck prints a Value in a counterexample: display text and type JSON.
inline void showValue(const Value& value, std::ostream& os) {
  os << value.to_display() << " : " << type_to_json(value.type());
}

}  // namespace tfc::cty
