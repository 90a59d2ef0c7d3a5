#pragma once
// The attributes a diagnostic message is about, as its text writes them: the shapes of
// terraform-plugin-sdk's helper/validation ("expected K to ..."), of the framework's validators
// ("Attribute K value must ..."), quoted names, and "K must not be empty".

#include <string_view>

#include "generators/learning/message_parser.hpp"

namespace tfc::gen::learning {

/// Adds to `facts.subjects` the names `text` speaks of (`lower` is `text` lowercased), the
/// subject of the message first, each once.
void read_subjects(std::string_view text, std::string_view lower, MessageFacts& facts);

}  // namespace tfc::gen::learning
