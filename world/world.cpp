#include "world/world.hpp"

#include <sys/stat.h>

#include <fstream>

namespace tfc::world {
namespace {

Expected<void> write_file(const std::filesystem::path& path, const std::string& content, mode_t mode = 0644) {
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) return Error{"world: cannot write " + path.string()};
  }
  if (::chmod(path.c_str(), mode) != 0) return Error{"world: cannot set the mode of " + path.string()};
  return {};
}

Expected<void> make_dir(const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::create_directory(path, ec);
  if (ec) return Error{"world: cannot create " + path.string() + ": " + ec.message()};
  return {};
}

std::string binary_bytes() {
  std::string out;
  for (int i = 0; i < 256; ++i) out.push_back(static_cast<char>(i));
  return out;
}

// The external provider's protocol: a JSON object of strings on stdin (read to its end, so the
// writer never meets a closed pipe), a JSON object of strings on stdout.
std::string program_script() {
  return std::string("#!/bin/sh\ncat > /dev/null\nprintf '%s\\n' '") + World::kProgramOutput + "'\n";
}

std::string command_script() { return std::string("#!/bin/sh\necho '") + World::kCommandOutput + "'\nexit 0\n"; }

/// Fills the folder at `root` and says what it holds.
Expected<Offer> fill(const std::filesystem::path& root) {
  Offer o;
  o.root = root;
  const auto input = root / "input";
  const auto tree = input / "tree";
  const auto bin = root / "bin";
  const auto output = root / "output";
  for (const auto& dir : {input, tree, tree / "nested", bin, output}) {
    if (auto ok = make_dir(dir); !ok) return ok.error();
  }
  const std::pair<std::filesystem::path, std::string> files[] = {
      {input / "hello.txt", "hello from tfconform\n"},
      {input / "notes.txt", "line one\nline two\n"},
      {input / "data.json", "{\"key\":\"value\"}\n"},
      {input / "blob.bin", binary_bytes()},
      {tree / "one.txt", "one\n"},
      {tree / "two.txt", "two\n"},
      {tree / "nested" / "three.txt", "three\n"},
  };
  for (const auto& [path, content] : files) {
    if (auto ok = write_file(path, content); !ok) return ok.error();
  }
  // The binary file is in the folders but not offered as a file on its own: a provider reading a
  // file into a string attribute (terraform-provider-local's data source) returns it as invalid
  // UTF-8, a value.invalid_utf8 finding on every run; the finding is real but not the world's
  // to provoke by default.
  o.files = {input / "hello.txt", input / "notes.txt", input / "data.json"};
  o.binary_file = input / "blob.bin";
  o.directories = {tree, input};
  o.output_files = {output / "tfconform-out.txt", output / "tfconform-out-2.txt"};
  o.output_directory = output / "tfconform-out-dir";
  o.command = bin / "command.sh";
  o.program = bin / "program.sh";
  if (auto ok = write_file(o.command, command_script(), 0755); !ok) return ok.error();
  if (auto ok = write_file(o.program, program_script(), 0755); !ok) return ok.error();
  return o;
}

}  // namespace

Expected<std::unique_ptr<World>> World::create(const std::filesystem::path& base) {
  std::unique_ptr<World> world(new World());
  TFC_TRY(folder, ScratchFolder::create(base, kPrefix));
  world->m_folder = std::move(folder);
  TFC_TRY(offer, fill(world->m_folder.path()));  // on error the folder goes with `world`
  world->m_offer = std::move(offer);
  TFC_TRY(server, LoopbackServer::start());
  world->m_server = std::move(server);
  world->m_offer.url = world->m_server->url();
  return world;
}

World::~World() { (void)close(); }

Expected<void> World::close() {
  if (m_server) m_server->stop();
  return m_folder.remove();
}

}  // namespace tfc::world
