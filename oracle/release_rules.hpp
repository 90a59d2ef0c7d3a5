#pragma once
// The contract between two releases of one provider (--upgrade-from): what users wrote and what
// the previous release stored must survive the upgrade. Seed 000 §UpgradeResourceState: Core
// hands the new release the stored state as raw JSON at the schema version it was written with,
// and the upgraded state "captures the same information", changing the shape and not the meaning;
// 001 §Default Planning Behavior: an unchanged configuration then plans no change.

#include <cstdint>
#include <optional>
#include <string>

#include "oracle/violation.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// A configuration written against the previous release's schema, as the new release reads the
/// same file: every attribute and block by its name. `refused` (release.config_refused) when the
/// file no longer fits the new schema (an argument removed or retyped, a new required one);
/// `uncarried` when tfconform cannot write the value in the new schema's type though the file
/// may still fit (a block whose inner shape changed): the case then ends without a verdict.
struct CarriedConfig {
  std::optional<cty::Value> value;
  Violations refused;
  std::string uncarried;
};
CarriedConfig carry_config(const schema::Block& previous, const schema::Block& next, const cty::Value& config);

/// What the new release's UpgradeResourceState made of the previous release's state `before`
/// (stored at `previous_version`), given the configuration `config` in force (previous schema):
/// - release.value_lost: an attribute or block of both schemas, of the same type, that the
///   configuration sets, has another value;
/// - release.meaning_changed (warning): the same for a value the configuration does not set;
/// - release.dropped_without_upgrade (warning): a non-null value of an attribute the new schema
///   no longer has, while the schema version did not increase.
Violations check_release_upgrade(const schema::Block& previous, std::int64_t previous_version,
                                 const schema::Block& next, std::int64_t next_version, const cty::Value& before,
                                 const cty::Value& config, const cty::Value& upgraded);

/// release.data_result_changed (warning): attributes both data source schemas have, of the same
/// type, whose value the previous release gave twice alike (`first`, `again`) and the new release
/// otherwise (`next`). What varies from read to read is no finding.
Violations check_release_data(const schema::Block& previous, const schema::Block& next, const cty::Value& first,
                              const cty::Value& again, const cty::Value& next_result);

/// release.schema_version_lowered: the new schema version is below the stored one.
Violations check_release_version(std::int64_t previous_version, std::int64_t next_version);

}  // namespace tfc::oracle
