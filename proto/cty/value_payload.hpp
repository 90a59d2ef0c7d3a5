#pragma once
// Private to proto/cty: the shared, immutable payload behind a Value. Known values hold their
// primitive or their children; unknown values hold their refinements (none: no payload).

#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "proto/cty/value.hpp"

namespace tfc::cty {

struct Value::Payload {
  using Entries = std::vector<std::pair<std::string, Value>>;
  // Refinements sit behind a pointer: they are rare, and inline they would make every
  // payload four times larger (the codecs allocate one payload per value).
  std::variant<std::string, Number, bool, std::vector<Value>, Entries, std::unique_ptr<const Refinements>> data;
};

}  // namespace tfc::cty
