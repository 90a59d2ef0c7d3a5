#pragma once
// A finding as plain, multi-line text: the body of a JUnit <failure> and of console details.

#include <string>

#include "reports/run_report.hpp"

namespace tfc::report {

/// `rule: path: message` on one line (the short form CI tools show as the failure message).
std::string finding_headline(const Finding& finding);

/// Every field a person needs to understand and replay the finding, one per line; sensitive
/// values are redacted (shown_value). The text is raw: the caller escapes it for its format.
std::string finding_as_text(const Finding& finding);

}  // namespace tfc::report
