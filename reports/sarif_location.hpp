#pragma once
// Where a SARIF result points in the provider's repository: the page of the type in the
// provider's documentation (the Terraform registry's layout, docs/resources/<type>.md, which
// tfplugindocs generates), from a template the user can set (`--sarif-location`), or the
// author's example the run started the type from (`--examples`).

#include <optional>
#include <string>
#include <string_view>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::report {

/// The default `--sarif-location`: the registry documentation page of the type.
inline constexpr std::string_view kDefaultSarifLocation = "docs/{kind_dir}/{short_type}.md";

/// A repository-relative file and the line a result is shown at (1: the top of a page).
struct SarifLocation {
  std::string uri;
  int line = 1;
};

/// Checks a template: every `{...}` is one of {kind_dir}, {short_type}, {type}, {kind},
/// {provider}; the error names the first unknown one or an unclosed brace.
Expected<void> check_location_template(std::string_view location_template);

/// The folder of the registry documentation for the suite's kind: resources, data-sources,
/// ephemeral-resources, functions, list-resources, actions; empty for the provider's own suite.
std::string_view docs_kind_dir(SuiteKind kind);

/// The provider's name as types are prefixed with it: the last segment of the address
/// (`registry.terraform.io/hashicorp/random` -> `random`).
std::string provider_short_name(std::string_view address);

/// The type's name without the provider prefix, as the documentation pages are named
/// (`random_password` -> `password`; when the type does not start with the provider's name, the
/// part after the first `_`). Functions keep their name; the provider's own suite is `index`.
std::string short_type_name(const Suite& suite, std::string_view provider_name);

/// The template expanded for the suite; empty path segments (the provider's suite has no
/// {kind_dir}) are dropped: `docs/{kind_dir}/{short_type}.md` -> `docs/index.md`.
std::string expand_location(std::string_view location_template, const Suite& suite, std::string_view provider_name);

/// The example the suite's first case came from (ExampleUse::source, `file:line` relative to the
/// `--examples` folder) as a repository-relative location: a relative `--examples` folder
/// without `..` is taken as relative to the repository's root (CI runs from it), so it is put in
/// front; an absolute one is not (the file is then relative to that folder). nullopt when the
/// suite has no example source or `examples_dir` is empty (the run had no --examples).
std::optional<SarifLocation> example_location(const Suite& suite, std::string_view examples_dir);

}  // namespace tfc::report
