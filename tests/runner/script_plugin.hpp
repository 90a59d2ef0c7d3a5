#pragma once
// Shell scripts posing as provider plugins, written into a per-test temporary directory.

#include <filesystem>
#include <string>

namespace tfc::runner::test {

class ScriptDir {
public:
  ScriptDir();
  ~ScriptDir();
  ScriptDir(const ScriptDir&) = delete;
  ScriptDir& operator=(const ScriptDir&) = delete;

  /// Writes `#!/bin/sh\n<body>` as an executable file named `name`.
  std::filesystem::path write_script(const std::string& name, const std::string& body) const;
  /// Reads a file the script wrote (empty when missing), without the trailing newline.
  std::string read(const std::string& name) const;
  const std::filesystem::path& path() const { return m_path; }

private:
  std::filesystem::path m_path;
};

}  // namespace tfc::runner::test
