#pragma once
// The cases of the families beyond managed resources and data sources, played as Core plays
// them: provider functions (function_play.cpp), ephemeral resources, list resources and
// actions. Each takes the case's type name and its own schema (empty for functions) like the
// resource cases of case_play.hpp, so the suite runner plays, shrinks and replays them alike.

#include <string>
#include <vector>

#include "conformance/cases/family_case.hpp"
#include "conformance/cases/function_case.hpp"
#include "conformance/core/case_outcome.hpp"
#include "conformance/play/case_play.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

/// CallFunction with the known arguments, again with the same ones (the result must not
/// change), then with the unknown variant (its known parts must agree). Needs options.provider
/// for the signature.
CaseOutcome play_case(protocol::ProviderClient& client, const std::string& name, const schema::Schema& unused,
                      const FunctionCase& c, const PlayOptions& options);

/// ValidateEphemeralResourceConfig (with unknowns, then known); with --apply also Open, Renew
/// when renew_at is set, Close, and Close again.
CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const EphemeralCase& c, const PlayOptions& options);

/// ValidateListResourceConfig, ListResource; with --apply an object of the managed resource
/// created, found in an unfiltered list, read back as listed, and destroyed.
CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const ListCase& c, const PlayOptions& options);

/// ValidateActionConfig (unknowns, then known), PlanAction without and with deferral allowed;
/// with --apply also InvokeAction.
CaseOutcome play_case(protocol::ProviderClient& client, const std::string& type, const schema::Schema& schema,
                      const ActionCase& c, const PlayOptions& options);

}  // namespace tfc::conformance
