#pragma once
// The world of one `tfconform run` (docs/world.md): made before the provider starts, handed to
// the suites as plain values, removed when the run's command returns (after confirmation, which
// may play reproductions that point at it), on its error paths too. A second SIGINT/SIGTERM
// quits at once: the folder is in the runner's registry of scratch directories, which removes it.

#include <memory>

#include "conformance/suite/conformance_run.hpp"
#include "proto/util/expected.hpp"
#include "world/world.hpp"

namespace tfc::cli {

class RunWorld {
public:
  /// Makes the world under $TMPDIR and registers its folder.
  static Expected<RunWorld> create();
  RunWorld() = default;
  ~RunWorld();
  RunWorld(RunWorld&&) noexcept = default;
  RunWorld& operator=(RunWorld&&) noexcept = default;

  /// What the suites steer attributes to.
  gen::WorldValues values() const;
  const world::Offer& offer() const { return m_world->offer(); }

private:
  std::unique_ptr<world::World> m_world;
};

}  // namespace tfc::cli
