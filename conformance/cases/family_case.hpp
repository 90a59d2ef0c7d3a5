#pragma once
// Generated cases of the families whose input is one configuration of their own schema:
// ephemeral resources and actions (a configuration, planned or validated first with unknowns),
// and list resources (a list configuration, whether to include resource objects, a limit, and
// a configuration of the managed resource of the same name to create and find in the list).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <rapidcheck.h>

#include "conformance/cases/resource_case.hpp"

namespace tfc::conformance {

struct EphemeralCase {
  ConfigPair config;
  Wiring wiring;  // with --apply: resources created first (wiring.hpp)
};

struct ActionCase {
  ConfigPair config;
  Wiring wiring;  // with --apply: resources created first (wiring.hpp)
};

/// A list request and, when the list resource has a managed resource of the same name, the
/// configuration of one object of it to create (with --apply) and find in an unfiltered list.
struct ListCase {
  ConfigPair config;
  bool include_resource_object = false;
  std::int64_t limit = 1;
  std::optional<ConfigPair> create;
};

rc::Gen<EphemeralCase> ephemeral_case_of(const schema::Block& block, const gen::Hints& hints,
                                         const CaseGenOptions& options);
rc::Gen<ActionCase> action_case_of(const schema::Block& block, const gen::Hints& hints, const CaseGenOptions& options);

/// `hints` steer the list configuration (the list suite's, learned); `resource` (optional) is
/// the managed resource's block, `resource_hints` its hints.
rc::Gen<ListCase> list_case_of(const schema::Block& block, const gen::Hints& hints,
                               const std::shared_ptr<const schema::Block>& resource, const gen::Hints& resource_hints,
                               const CaseGenOptions& options);

/// The generators of each kind (case_kinds.inc); a list resource's takes the managed resource
/// of its name from the provider's schema.
Expected<CaseGenerator<EphemeralCase>> ephemeral_generator(const GeneratorSource& source);
Expected<CaseGenerator<ListCase>> list_generator(const GeneratorSource& source);
Expected<CaseGenerator<ActionCase>> action_generator(const GeneratorSource& source);

std::string describe_case(const std::string& type, const schema::Block& block, const EphemeralCase& c);
std::string describe_case(const std::string& type, const schema::Block& block, const ListCase& c);
std::size_t case_size(const ListCase& c);
std::string describe_case(const std::string& type, const schema::Block& block, const ActionCase& c);
std::size_t case_size(const EphemeralCase& c);
std::size_t case_size(const ActionCase& c);

}  // namespace tfc::conformance
