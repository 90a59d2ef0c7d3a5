#pragma once
// Names made unique per case, so that lifecycle cases of one type can create their objects at
// the same time on several provider processes (--jobs) without meeting each other's objects:
// the values that name an object outside the provider process get a suffix of the case's own
// (a function of the case's seed, never of the worker or the time, so a run stays the same
// whatever --jobs is).
//
// Which values name an object is learned from the schema, never from lists of type names:
//  * the top-level string attributes a practitioner sets that the type's resource identity
//    schema also holds (GetResourceIdentitySchemas: the attributes that identify the object);
//  * those called `name` or `identifier` (or `*_identifier`), and those whose description says
//    the value must be unique;
//  * any string under the folder where the run's world offers new output paths (the world's
//    paths are shared by every provider process; a provider's working folder is its own).
// A suffix that the hints' pattern for the attribute would refuse, or an attribute the hints
// give fixed values, is left as it is (a collision then falls back to one case at a time).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/cases/resource_case.hpp"
#include "generators/hints.hpp"
#include "proto/schema/block.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

struct UniqueNames {
  std::vector<std::string> attributes;  // top-level attribute names, sorted
  std::string output_folder;            // the world's output folder, with its trailing '/' ("": none)

  bool empty() const noexcept { return attributes.empty() && output_folder.empty(); }
};

/// What names an object in configurations of `block`; `identity` is the type's identity schema
/// when the provider has one; `world_outputs` the world's new output paths (their folder is
/// taken).
UniqueNames unique_names_of(const schema::Block& block, const schema::IdentitySchema* identity,
                            const std::vector<std::string>& world_outputs);

/// The suffix of the case of seed `case_seed`: "tfc" and six hex digits.
std::string case_tag(std::uint64_t case_seed);

/// `value` made unique with `tag`: `value` + "-" + tag, or with "_" or nothing between when the
/// pattern refuses "-", then the same with the tag's digits as letters; a value already ending in
/// a tag has it replaced (accepted configurations come back as examples). nullopt when no form
/// matches `pattern`.
std::optional<std::string> tagged(const std::string& value, const std::string& tag, const gen::Pattern* pattern);

/// `config` (a configuration of the suite's block, possibly with unknowns) with the names made
/// unique: non-empty known strings only (an unknown's prefix refinement stays a prefix).
cty::Value unique_config(const cty::Value& config, const UniqueNames& names, const gen::Hints& hints,
                         const std::string& tag);

/// Every configuration of the case (its create, its updates) made unique with `tag`.
void make_unique(LifecycleCase& c, const UniqueNames& names, const gen::Hints& hints, const std::string& tag);

}  // namespace tfc::conformance
