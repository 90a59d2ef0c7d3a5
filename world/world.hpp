#pragma once
// The run's world (docs/world.md): things that exist, for attributes that want them, made once
// per `tfconform run` and removed at its end.
//   <scratch>/input/      small text files, a small binary file, tree/ (a folder with files)
//   <scratch>/bin/        command.sh (prints a line, exits 0); program.sh (reads its stdin and
//                         prints a JSON object of strings, the external data source's protocol)
//   <scratch>/output/     empty: paths inside it that do not exist yet are for providers to write
//   http://127.0.0.1:PORT/  a loopback HTTP server answering 200 with a small JSON body
// Nothing outside the scratch folder and the loopback server is touched.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "world/loopback_server.hpp"
#include "world/scratch_folder.hpp"

namespace tfc::world {

/// What the world offers, as absolute paths and a URL.
struct Offer {
  std::filesystem::path root;                       // the scratch folder
  std::vector<std::filesystem::path> files;         // existing regular text files, the simplest first
  std::filesystem::path binary_file;                // an existing 256-byte file (every byte value), in input/
  std::vector<std::filesystem::path> directories;   // existing folders holding files
  std::vector<std::filesystem::path> output_files;  // do not exist yet; their folder does
  std::filesystem::path output_directory;           // does not exist yet; its parent does
  std::filesystem::path command;                    // executable: prints a line, exits 0
  std::filesystem::path program;                    // executable: stdin → JSON object of strings
  std::string url;                                  // the loopback server
};

class World {
public:
  /// The name prefix of the scratch folder under `base`.
  static constexpr const char* kPrefix = "tfconform-world-";
  /// The line command.sh prints, and the object program.sh prints.
  static constexpr const char* kCommandOutput = "tfconform world command";
  static constexpr const char* kProgramOutput = "{\"result\":\"ok\"}";

  /// Makes the scratch folder under `base` ($TMPDIR by default), fills it and starts the server.
  /// On an error nothing is left behind.
  static Expected<std::unique_ptr<World>> create(const std::filesystem::path& base = runner::scratch_base());
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  const Offer& offer() const noexcept { return m_offer; }
  const LoopbackServer& server() const noexcept { return *m_server; }
  /// Stops the server and removes the scratch folder (idempotent); the error names what stayed.
  Expected<void> close();

private:
  World() = default;
  ScratchFolder m_folder;
  std::unique_ptr<LoopbackServer> m_server;
  Offer m_offer;
};

}  // namespace tfc::world
