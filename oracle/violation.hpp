#pragma once
// A finding of the oracle: one broken contract rule at one path of one value
// (docs/lifecycle-contract.md, "Findings"). The path stays data; only
// the output edge renders it (`cty::Path::render`).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "proto/cty/path.hpp"
#include "proto/util/severity.hpp"

namespace tfc::oracle {

using tfc::Severity;  // proto/util/severity.hpp: the oracle's and the reports' one severity
using tfc::to_string;

struct Violation {
  std::string rule;  // stable id from oracle/rules.hpp, e.g. "plan.config_value_changed"
  Severity severity = Severity::error;
  cty::Path path;
  std::string message;  // lowercase, "what was seen against what was expected", no final period
};

using Violations = std::vector<Violation>;

/// Which Cores a run answers to (`--profile`): a rule only the other Core enforces is a warning.
enum class CoreProfile : std::uint8_t { Both, Terraform, OpenTofu };

/// How strictly to judge a response (docs/lifecycle-contract.md, "Severity and the cores").
struct CheckOptions {
  /// The response set `legacy_type_system`: rules Core only logs become warnings.
  bool legacy_type_system = false;
  /// Report tolerated legacy findings as errors anyway.
  bool strict = false;
  CoreProfile profile = CoreProfile::Both;
};

/// True when at least one violation has severity error.
bool has_errors(const Violations& violations) noexcept;

}  // namespace tfc::oracle
