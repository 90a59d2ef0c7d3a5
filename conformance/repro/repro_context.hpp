#pragma once
// What a reproduction needs to know about the provider (repro_plan.hpp): set once per run from the
// command line, adjusted per type by repro_context_for (repro_provider.hpp).

#include <cstddef>
#include <string>
#include <vector>

namespace tfc::conformance {

struct ReproContext {
  std::string provider_source;  // required_providers source; empty: made up (repro_provider.hpp)
  std::string provider_name;    // local name: the type's first word (repro_context_for)
  std::string provider_binary;
  std::vector<std::string> provider_args;  // --provider-arg
  std::string previous_binary;             // --upgrade-from: the previous release's binary
  std::vector<std::string> environment;    // NAME=VALUE
  std::string provider_config;             // JSON text of the provider block body, or empty
  /// The state attributes whose values, joined by the separator, make the ID the case imported
  /// by (the ID the provider's refusal of `id` asked for); empty: the object's `id`.
  std::vector<std::string> import_id_attributes;
  char import_id_separator = ',';
  /// The case's steps whose update the provider refused (CaseOutcome::refused_updates): the
  /// reproduction does not apply them, as the object did not change.
  std::vector<std::size_t> refused_updates;
};

}  // namespace tfc::conformance
