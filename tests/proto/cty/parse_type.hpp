#pragma once
// A cty type from its JSON text, for tests that write types by hand.

#include <stdexcept>

#include "proto/cty/type_json.hpp"

namespace tfc::cty {

/// The type `json` describes; throws (failing the test) when it is not a type.
inline Type type_of(const char* json) {
  auto t = type_from_json(json);
  if (!t) throw std::runtime_error(t.error().message);
  return *t;
}

}  // namespace tfc::cty
