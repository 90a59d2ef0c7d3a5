#pragma once
// A schema block from its JSON text, for tests that write blocks by hand.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "proto/schema/schema_json.hpp"

namespace tfc::schema {

/// The block `json` describes; a failed expectation and an empty block when it is not one.
inline Block parse_block(const char* json) {
  auto b = block_from_json(nlohmann::json::parse(json));
  EXPECT_TRUE(b.has_value()) << (b ? "" : b.error().message);
  return b ? *b : Block{};
}

}  // namespace tfc::schema
