#include "tests/runner/script_plugin.hpp"

#include <stdlib.h>

#include <fstream>
#include <sstream>

namespace tfc::runner::test {

ScriptDir::ScriptDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tfc-script-XXXXXX").string();
  m_path = ::mkdtemp(pattern.data()) != nullptr ? pattern : std::string();
}

ScriptDir::~ScriptDir() {
  std::error_code ec;
  if (!m_path.empty()) std::filesystem::remove_all(m_path, ec);
}

std::filesystem::path ScriptDir::write_script(const std::string& name, const std::string& body) const {
  const auto file = m_path / name;
  {
    std::ofstream out(file);
    out << "#!/bin/sh\n" << body << "\n";
  }
  std::filesystem::permissions(file, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                         std::filesystem::perms::group_exec);
  return file;
}

std::string ScriptDir::read(const std::string& name) const {
  std::ifstream in(m_path / name);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

}  // namespace tfc::runner::test
