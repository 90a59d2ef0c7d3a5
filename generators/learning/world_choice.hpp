#pragma once
// Which attributes get the run's world (generators/world_values.hpp), learned from what the
// provider says: an attribute's name and description (a path to a file that will be read, a
// directory, an output path, a command, a program, a URL), and a refusal's text ("no such file
// or directory", "Lookup Failed", "Error making request", ...). Pure functions, data in, hints
// out; never a list of one provider's type names.

#include <optional>
#include <string>
#include <string_view>

#include "generators/hints.hpp"
#include "generators/world_values.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::learning {

/// What an attribute wants of the world.
enum class WorldNeed { ExistingFile, ExistingDirectory, OutputFile, OutputDirectory, Command, Program, Url };

std::string_view to_string(WorldNeed need) noexcept;

/// What the attribute's name and description say it wants, if anything the world has. Only
/// string attributes, and lists or sets of strings for a program or a command (its first
/// element the executable).
std::optional<WorldNeed> world_need_of(const schema::Attribute& attribute);

/// The hint that steers `attribute` to the world's values for `need` (values to pick from,
/// shrinking towards the simplest), or nullopt when the attribute's type cannot hold them or the
/// world has none.
std::optional<AttributeHint> world_hint(WorldNeed need, const schema::Attribute& attribute, const WorldValues& world);

/// Hints for every attribute of `block` (nested blocks and nested attribute types included,
/// under their dotted paths) whose name and description want something of the world.
Hints world_hints(const schema::Block& block, const WorldValues& world);

/// What a refusal's text says was missing, coarsely: a path, an executable or a reachable URL.
enum class WorldLack { Path, Executable, Url };
std::optional<WorldLack> world_lack_in(std::string_view message);

/// The need of `attribute` given what a refusal said was missing: the attribute's own need when
/// it agrees, else the closest one its type can hold.
std::optional<WorldNeed> world_need_for_lack(WorldLack lack, const schema::Attribute& attribute);

}  // namespace tfc::gen::learning
