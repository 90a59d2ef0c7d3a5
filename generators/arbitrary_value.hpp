#pragma once
// RapidCheck generators of cty values of a given type: known, null, unknown (with or without
// refinements), dynamic positions filled with values of generated concrete types. Built from
// rc::gen combinators only; reused by the configuration generators. Leaves follow a profile:
// realistic (what configurations hold, realistic_values.hpp) or extreme (what codecs and
// hardened providers must survive).

#include <rapidcheck.h>

#include "proto/cty/type.hpp"
#include "proto/cty/type_json.hpp"
#include "proto/cty/value.hpp"

namespace tfc::gen {

/// Which leaves value_of builds. realistic: small numbers, short printable strings, 0 to
/// max_elements elements. extreme: also magnitudes beyond 2^53 and up to 1e40, more than 17
/// significant digits, control characters, U+2028 and characters outside the Basic
/// Multilingual Plane, strings of thousands of bytes.
enum class ValueProfile { realistic, extreme };

struct ValueOptions {
  ValueProfile profile = ValueProfile::realistic;
  bool allow_unknown = true;
  bool allow_null = true;
  bool allow_refinements = true;  // unknowns may carry refinements (needs allow_unknown)
  bool allow_infinity = false;    // ±infinity numbers (not representable in JSON)
  int max_elements = 3;           // per list, set, map
  int dynamic_depth = 2;          // nesting of the concrete types chosen for dynamic positions
};

/// Values conforming to `type`. Containers keep `type` (dynamic positions hold values of their
/// own concrete types, as the codecs produce them).
rc::Gen<cty::Value> value_of(const cty::Type& type, ValueOptions options = {});

/// Refinements that make sense for an unknown of `type` (possibly none); bounds and prefixes
/// follow `profile`.
rc::Gen<cty::Refinements> refinements_for(const cty::Type& type, ValueProfile profile = ValueProfile::realistic);

/// Numbers and strings of a profile.
rc::Gen<cty::Number> number(ValueProfile profile, bool allow_infinity = false);
rc::Gen<std::string> text(ValueProfile profile);

/// Numbers in every form: small and large int64, doubles, decimal texts beyond double.
rc::Gen<cty::Number> extreme_number(bool allow_infinity = false);

/// Valid UTF-8 strings with JSON-hostile characters (quotes, escapes, <, U+2028, emoji), now
/// and then thousands of bytes long.
rc::Gen<std::string> extreme_text();

}  // namespace tfc::gen

namespace tfc::cty {

/// How RapidCheck prints a Value in a counterexample: display text and type JSON.
inline void showValue(const Value& value, std::ostream& os) {
  os << value.to_display() << " : " << type_to_json(value.type());
}

}  // namespace tfc::cty
