// `tfconform oracle FILE...`: checks oracle vector files (docs/oracle-vectors.md) and
// prints one JSON object per vector (JSON Lines). Exit 0 when every vector was read and checked
// whatever it found; 2 with a message naming file, vector and path on bad input.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "conformance/cli/command.hpp"
#include "oracle/vector_check.hpp"
#include "oracle/vector_file.hpp"

namespace tfc::cli {
namespace {

int run_oracle(const std::vector<std::string>& files) {
  // Everything is checked before anything is printed, so bad input never leaves half an output.
  std::string lines;
  for (const std::string& file : files) {
    auto vectors = oracle::read_vector_file(file);
    if (!vectors) {
      std::cerr << "tfconform oracle: " << vectors.error().message << "\n";
      return 2;
    }
    for (const oracle::Vector& v : *vectors) {
      auto out = oracle::run_vector(v);
      if (!out) {
        std::cerr << "tfconform oracle: " << out.error().message << "\n";
        return 2;
      }
      lines += out->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      lines += '\n';
    }
  }
  std::cout << lines << std::flush;
  return 0;
}

}  // namespace

void add_oracle_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("oracle", "Check oracle vector files against the contract rules; prints JSON Lines");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("FILE", *files, "Vector files (one document or an array of documents each)")->required();
  cmd->callback([files, &exit_code] { exit_code = run_oracle(*files); });
}

}  // namespace tfc::cli
