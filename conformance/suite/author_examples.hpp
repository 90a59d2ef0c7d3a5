#pragma once
// What a run takes from the provider author's examples (--examples, docs/examples.md): per type,
// hints whose wired attributes name the resource that feeds them (`reference`) and whose
// `upstream` hints hold the configurations of those resources as examples; and the run's seeds:
// the type's own configurations, which its first cases play unchanged (those the provider
// accepts become the starting points of later cases, as any accepted configuration does).

#include <map>
#include <optional>
#include <string>

#include "conformance/suite/suite_runner.hpp"
#include "generators/examples/example_set.hpp"
#include "generators/hints.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

struct AuthorExamples {
  gen::HintsFile hints;  // data sources under data_sources, every other family under resources
  std::map<std::string, ExampleSeed, std::less<>> seeds;  // by suite label ("resource.tls_cert_request")
};

AuthorExamples author_examples(const gen::examples::ExampleSet& set, const schema::ProviderSchema& schema);

/// The author's hints under the user's: per type the user's attribute hints and groups win,
/// upstream hints merge the same way (the author's examples of upstream types first).
gen::HintsFile with_author_examples(const std::optional<gen::HintsFile>& user, const gen::HintsFile& authors);

}  // namespace tfc::conformance
