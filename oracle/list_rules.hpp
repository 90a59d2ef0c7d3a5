#pragma once
// Checks of list resources (ListResource stream, ValidateListResourceConfig; tfplugin6.proto
// ListResource, Terraform's plugin6/grpc_provider.go). Terraform itself only insists on an
// identity per event; the rest is what the protocol promises a query user.

#include <cstdint>
#include <optional>
#include <vector>

#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// One ListResource event as the suite decoded it.
struct ListedEvent {
  std::optional<cty::Value> identity;  // absent: the event carried none
  bool has_object = false;             // resource_object was set
  std::optional<cty::Value> object;    // decoded with the resource schema, when it decoded
};

/// The events of one stream (up to the first with error diagnostics): each carries an identity
/// (`list.identity_missing`), wholly known and not entirely null (`list.identity_incomplete`),
/// none twice (`list.duplicate_identity`); no more than `limit` of them
/// (`list.limit_exceeded`); with `include_object`, each carries a resource object that is
/// wholly known and not null (`list.resource_object_invalid`). Conformance is judged where the
/// values are decoded.
Violations check_list_events(const std::vector<ListedEvent>& events, bool include_object, std::int64_t limit);

/// `list.object_mismatch`: ReadResource of a listed object (with its identity) returns the
/// listed object: every value of it, exactly.
Violations check_listed_object_read(const schema::Block& block, const cty::Value& listed, const cty::Value& read);

/// `list.created_not_listed`: an object the suite created is among the identities a list
/// without filters returned.
Violations check_created_listed(const cty::Value& created_identity, const std::vector<cty::Value>& listed);

}  // namespace tfc::oracle
