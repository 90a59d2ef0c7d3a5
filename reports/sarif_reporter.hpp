#pragma once
// SARIF 2.1.0 (the OASIS Static Analysis Results Interchange Format), what GitHub code scanning
// and other CI dashboards read: one run, one result per finding, the rule catalogue's rules as
// reportingDescriptors, the fingerprint as partialFingerprints (docs/reports.md, "SARIF").

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "reports/reporter.hpp"
#include "reports/sarif_location.hpp"

namespace tfc::report {

/// What the rule catalogue says of a rule (reports/ cannot read the catalogue itself: the CLI
/// passes it in, docs/architecture.md).
struct SarifRuleText {
  std::string summary;  // one line, e.g. "planned value differs from a configured value"
  std::string source;   // the contract section it comes from, e.g. "000 §PlanResourceChange"
  std::string cores;    // terraform | opentofu | both | none
};

/// The catalogue's text of a rule id, or nullopt when it has none.
using SarifRuleLookup = std::function<std::optional<SarifRuleText>(std::string_view rule_id)>;

struct SarifOptions {
  /// Where a result points when it has no example (sarif_location.hpp for the placeholders).
  std::string location_template = std::string(kDefaultSarifLocation);
  /// The run's `--examples` folder (empty: none); with it, a type's example is its location.
  std::string examples_dir;
  /// The rule catalogue; unset: a rule's description is its id.
  SarifRuleLookup rules;
};

/// The partialFingerprints key of the finding's fingerprint (reports/fingerprint.hpp): a new
/// fingerprint scheme gets a new key, so code scanning never matches two schemes' values.
inline constexpr std::string_view kSarifFingerprintKey = "tfconform/v1";

/// How many lines of the counterexample the message shows (the whole is in the properties).
inline constexpr std::size_t kSarifCounterexampleLines = 12;

class SarifReporter final : public Reporter {
public:
  explicit SarifReporter(SarifOptions options = {}, Clock clock = system_clock())
      : m_options(std::move(options)), m_clock(std::move(clock)) {}

  /// Writes one SARIF log (two-space indent, trailing newline); invalid UTF-8 becomes U+FFFD,
  /// sensitive values are redacted. A finding in the baseline keeps its level and is marked
  /// `baselineState: "unchanged"` (a new one "new"; none without --baseline).
  void write(const RunReport& run, std::ostream& out) const override;

private:
  SarifOptions m_options;
  Clock m_clock;
};

}  // namespace tfc::report
