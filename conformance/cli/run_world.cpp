#include "conformance/cli/run_world.hpp"

#include <iostream>

#include "runner/live_processes.hpp"

namespace tfc::cli {
namespace {

std::vector<std::string> strings(const std::vector<std::filesystem::path>& paths) {
  std::vector<std::string> out;
  out.reserve(paths.size());
  for (const auto& p : paths) out.push_back(p.string());
  return out;
}

}  // namespace

Expected<RunWorld> RunWorld::create() {
  TFC_TRY(made, world::World::create());
  RunWorld out;
  out.m_world = std::move(made);
  runner::register_scratch_dir(out.m_world->offer().root);
  return out;
}

RunWorld::~RunWorld() {
  if (!m_world) return;
  const auto root = m_world->offer().root;
  runner::unregister_scratch_dir(root);
  if (auto closed = m_world->close(); !closed)
    std::cerr << "tfconform run: the world's folder was not wholly removed: " << closed.error().message << "\n";
}

gen::WorldValues RunWorld::values() const {
  const world::Offer& o = m_world->offer();
  gen::WorldValues v;
  v.files = strings(o.files);
  v.directories = strings(o.directories);
  v.output_files = strings(o.output_files);
  v.output_directory = o.output_directory.string();
  v.command = o.command.string();
  v.program = o.program.string();
  v.url = o.url;
  return v;
}

}  // namespace tfc::cli
