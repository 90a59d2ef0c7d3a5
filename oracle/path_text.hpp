#pragma once
// Reading a path written the way Terraform prints it (`.rule[0].port`, `.tags["env"]`, "" for
// the root): the path form of oracle vectors (docs/oracle-vectors.md).

#include <string_view>

#include "proto/cty/path.hpp"
#include "proto/util/expected.hpp"

namespace tfc::oracle {

/// Parses `.name` (attribute), `[N]` (list/tuple index) and `["key"]` (map key, a JSON string)
/// steps; the inverse of cty::Path::render for everything but set elements. Errors say where
/// the text stops making sense.
Expected<cty::Path> parse_path(std::string_view text);

}  // namespace tfc::oracle
