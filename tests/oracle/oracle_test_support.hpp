#pragma once
// Helpers for the oracle's tables of intent: schemas and values written in the JSON form of
// oracle vectors, violations summarised as "rule path" strings.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "oracle/violation.hpp"
#include "proto/cty/json_mirror.hpp"
#include "proto/schema/implied_type.hpp"
#include "proto/schema/schema_json.hpp"

namespace tfc::oracle::testing {

inline schema::Block block_of(const std::string& json_text) {
  auto b = schema::block_from_json(nlohmann::json::parse(json_text));
  EXPECT_TRUE(b.has_value()) << (b ? "" : b.error().message);
  return b ? *b : schema::Block{};
}

/// A value of the block's implied type from its JSON form, unknown mirror and refinements.
inline cty::Value value_of(const schema::Block& block, const std::string& json_text,
                           const std::string& unknown = "null", const std::string& refinements = "null") {
  auto v =
      cty::value_from_mirrored_json(cty::MirroredJson{nlohmann::json::parse(json_text), nlohmann::json::parse(unknown),
                                                      nlohmann::json::parse(refinements)},
                                    schema::implied_type(block));
  EXPECT_TRUE(v.has_value()) << json_text << ": " << (v ? "" : v.error().message);
  return v ? *v : cty::Value();
}

/// "rule path" per violation, in output order; warnings marked "(warning)".
inline std::vector<std::string> summary(const Violations& violations) {
  std::vector<std::string> out;
  for (const Violation& v : violations) {
    std::string s = v.rule + " " + v.path.render();
    if (v.severity == Severity::warning) s += " (warning)";
    out.push_back(s);
  }
  return out;
}

}  // namespace tfc::oracle::testing
