#pragma once
// Finding the attribute a refusal is about when its diagnostic has no attribute path, or a path
// that stops at a block (a set element cannot be addressed): a name the text mentions, the
// attribute whose value the text shows, the one breaking the stated rule, or those whose names
// usually hold the format the text names.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "generators/learning/message_parser.hpp"
#include "generators/learning/value_rule.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::learning {

/// Hint paths of the schema a text mentions: quoted or backticked names, bare words with an
/// underscore or right after "key", "argument", "attribute", "field" or "parameter", and a
/// nested member's bare name when only one path has it.
std::vector<std::string> mentioned_paths(const schema::Block& block, std::string_view text);

/// The one attribute of `config` whose value the text shows (quoted, or after "got").
std::optional<std::string> path_showing_value(const schema::Block& block, const cty::Value& config,
                                              const std::string& text);

/// Below member `base` (a block type or nested attribute type; `value` its value in the refused
/// configuration): the attribute the text names, shows the value of, or that breaks the rule.
std::optional<std::string> refine_into_block(const schema::Block& block, const std::string& base,
                                             const MessageFacts& facts, const std::string& text,
                                             const cty::Value& value);

/// The top-level attributes set in `config` whose names usually hold `format`.
std::vector<std::string> paths_with_format(const schema::Block& block, const cty::Value& config, Format format);

}  // namespace tfc::gen::learning
