#include "conformance/suite/replay_command.hpp"

#include <filesystem>
#include <sstream>
#include <system_error>

namespace tfc::conformance {
namespace {

std::string absolute(const std::string& path) {
  std::error_code ec;
  const auto full = std::filesystem::absolute(path, ec);
  return ec ? path : full.lexically_normal().string();
}

std::string number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

/// The options after the provider: those that change what a replayed case does or how it is
/// judged, each only when it differs from the default.
std::vector<std::string> case_options(const ReplayOptions& o) {
  std::vector<std::string> out;
  if (!o.upgrade_from.empty()) out.insert(out.end(), {"--upgrade-from", absolute(o.upgrade_from)});
  if (o.apply) out.emplace_back("--apply");
  for (const std::string& assignment : o.env) out.insert(out.end(), {"--env", assignment});
  if (o.plaintext) out.emplace_back("--plaintext");
  if (!o.provider_config.empty()) out.insert(out.end(), {"--provider-config", absolute(o.provider_config)});
  if (!o.hints.empty()) out.insert(out.end(), {"--hints", absolute(o.hints)});
  if (!o.examples.empty()) out.insert(out.end(), {"--examples", absolute(o.examples)});
  if (o.values != "realistic") out.insert(out.end(), {"--values", o.values});
  if (!o.address.empty()) out.insert(out.end(), {"--address", o.address});
  if (o.timeout_seconds != 30) out.insert(out.end(), {"--timeout", number(o.timeout_seconds)});
  if (!o.provider_memory.empty()) out.insert(out.end(), {"--provider-memory", o.provider_memory});
  if (o.provider_log != "failures") out.insert(out.end(), {"--provider-log", o.provider_log});
  if (o.strict) out.emplace_back("--strict");
  if (o.no_world) out.emplace_back("--no-world");
  if (!o.core.empty()) out.insert(out.end(), {"--core", o.core});
  if (o.profile != "both") out.insert(out.end(), {"--profile", o.profile});
  return out;
}

std::vector<std::string> program_words(const ReplayOptions& o) {
  return {o.tfconform.empty() ? std::string("tfconform") : o.tfconform, "run"};
}

}  // namespace

std::optional<std::vector<std::string>> replay_words(const ReplayOptions& options) {
  if (options.provider.empty()) return std::nullopt;
  std::vector<std::string> out = program_words(options);
  out.insert(out.end(), {"--provider", absolute(options.provider)});
  // The = form: an argument may start with - (-test.run=...), which alone would read as an option.
  for (const std::string& arg : options.provider_args) out.push_back("--provider-arg=" + arg);
  const auto rest = case_options(options);
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

void attach_replay_commands(report::RunReport& run, const ReplayOptions& options) {
  const auto words = replay_words(options);
  std::vector<std::string> attached = program_words(options);
  attached.emplace_back("--reattach");
  attached.emplace_back("JSON");
  const auto rest = case_options(options);
  attached.insert(attached.end(), rest.begin(), rest.end());
  for (report::Suite& suite : run.suites) {
    for (report::Scenario& scenario : suite.scenarios) {
      for (report::Finding& f : scenario.findings) {
        if (f.replay_token.empty()) continue;
        if (words) {
          auto all = *words;
          all.insert(all.end(), {"--replay", f.replay_token});
          f.replay_command_line = report::shell_command(all);
        } else {
          auto all = attached;
          all.insert(all.end(), {"--replay", f.replay_token});
          f.replay_not_runnable =
              "no command: the run attached to a provider it did not start (--reattach); start the provider "
              "again and run, with JSON its TF_REATTACH_PROVIDERS configuration: " +
              report::shell_command(all);
        }
      }
    }
  }
}

std::string this_program() {
  std::error_code ec;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : path.string();
}

}  // namespace tfc::conformance
