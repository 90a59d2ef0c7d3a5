#pragma once
// Which types a run covers: `--resources` globs over type names, then `--shard K/N`, a
// deterministic split of the sorted list so that a CI matrix spreads a large provider over N
// machines and every type lands in exactly one shard.

#include <string>
#include <string_view>
#include <vector>

#include "conformance/suite/replay_token.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::conformance {

struct Shard {
  std::size_t index = 1;  // 1-based
  std::size_t count = 1;
};

/// "K/N" with 1 ≤ K ≤ N; errors quote the text.
Expected<Shard> parse_shard(std::string_view text);

/// Where a suite of a finished run stands in the order of an unsharded run: the provider's own
/// suite first, then the types as the selection sorts them (its kind's label and its name).
std::string suite_order_key(const report::Suite& suite);

/// Shell-style glob: `*` any run of characters, `?` one character, `[abc]` a class.
bool glob_match(std::string_view pattern, std::string_view text);

/// One type the run plays.
struct SelectedType {
  CaseKind kind;
  std::string name;
};

/// Managed resources (kind `resource_kind`: lifecycle or plan-only), data sources, provider
/// functions, ephemeral resources, list resources and actions whose names match any glob (all
/// when `globs` is empty), sorted by "resource.NAME", "data.NAME", "function.NAME",
/// "ephemeral.NAME", "list.NAME", "action.NAME" and split round-robin into the shard's share.
std::vector<SelectedType> select_types(const schema::ProviderSchema& schema, const std::vector<std::string>& globs,
                                       CaseKind resource_kind, bool data_sources, Shard shard);

}  // namespace tfc::conformance
