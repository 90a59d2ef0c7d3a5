#pragma once
// Reads a JSON report (json_reporter.hpp) back into the run model, so `tfconform confirm` can
// add confirmations to a finished run and write every report again. Sensitive values come back
// as they were written: redacted.

#include <string>

#include <nlohmann/json.hpp>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::report {

/// The run a JSON report describes; errors name the file or the part that does not fit.
Expected<RunReport> read_json_report(const std::string& path);
/// The same from a parsed document (ordered: coverage steps keep Core's order).
Expected<RunReport> run_from_json(const nlohmann::ordered_json& doc);

}  // namespace tfc::report
