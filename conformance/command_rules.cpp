// `tfconform rules [--json]`: the catalogue of contract rules (oracle/rules.hpp): id, severity,
// one line, the seed section it comes from and which cores enforce it.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "conformance/command.hpp"
#include "oracle/rules.hpp"

namespace tfc::cli {
namespace {

void print_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const oracle::RuleInfo& r : oracle::all_rules()) {
    out.push_back({{"id", r.id},
                   {"severity", oracle::to_string(r.severity)},
                   {"summary", r.summary},
                   {"seed", r.seed},
                   {"cores", oracle::to_string(r.cores)},
                   {"legacy_sdk_tolerated", r.legacy_logged_only}});
  }
  std::cout << out.dump(2) << "\n";
}

void print_table() {
  std::size_t id_width = 2;
  for (const oracle::RuleInfo& r : oracle::all_rules()) id_width = std::max(id_width, r.id.size());
  auto pad = [](std::string_view s, std::size_t w) { return std::string(s) + std::string(w > s.size() ? w - s.size() : 0, ' '); };
  std::cout << pad("id", id_width) << "  " << pad("severity", 8) << "  " << pad("cores", 9) << "  " << "summary [seed]\n";
  for (const oracle::RuleInfo& r : oracle::all_rules()) {
    std::string summary(r.summary);
    if (r.legacy_logged_only) summary += " (warning for the legacy SDK)";
    std::cout << pad(r.id, id_width) << "  " << pad(oracle::to_string(r.severity), 8) << "  "
              << pad(oracle::to_string(r.cores), 9) << "  " << summary << " [" << r.seed << "]\n";
  }
}

}  // namespace

void add_rules_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("rules", "List the contract rules the oracle checks");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "Print the catalogue as a JSON array");
  cmd->callback([json, &exit_code] {
    if (*json)
      print_json();
    else
      print_table();
    exit_code = 0;
  });
}

}  // namespace tfc::cli
