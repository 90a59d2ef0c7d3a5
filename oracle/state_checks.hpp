#pragma once
// Checks on the states the other RPCs return: ReadResource, UpgradeResourceState,
// ImportResourceState, ReadDataSource, plus the lifecycle and validation rules that go beyond
// Core (docs/lifecycle-contract.md). Each returns every violation it finds.

#include <string>
#include <string_view>
#include <vector>

#include "oracle/rule_id.hpp"
#include "oracle/violation.hpp"
#include "proto/cty/path.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// `rule` for every write-only attribute (at any depth) holding a non-null value in `state`:
/// write-only values exist only in configuration (Terraform; docs/protocol.md §4.3).
Violations check_write_only_null(const schema::Block& block, const cty::Value& state, RuleId rule,
                                 std::string_view what);

/// ReadResource (000 §ReadResource; 002 "No unknown values are permitted in the Prior State"):
/// the refreshed state conforms to the schema, holds no unknown (`read.unknown_in_state`) and no
/// write-only value (`read.write_only_not_null`). A null state (the object is gone) is valid.
Violations check_read(const schema::Block& block, const cty::Value& new_state);

/// `read.normalization_not_preserved` (warning; 000 §ReadResource "Normalization"): read right
/// after apply, with nothing changed outside, must return the applied value at every path.
Violations check_read_normalization(const schema::Block& block, const cty::Value& applied, const cty::Value& read);

/// UpgradeResourceState (000 §UpgradeResourceState; 002 "No unknown values are permitted in
/// the Updated State"): conforms to the schema and holds no unknown (`upgrade.unknown_in_state`).
Violations check_upgrade(const schema::Block& block, const cty::Value& upgraded);

/// `upgrade.meaning_changed` (warning): upgrading a state already at the current version
/// should return it unchanged ("should only change the shape").
Violations check_upgrade_same_version(const schema::Block& block, const cty::Value& before, const cty::Value& after);

/// One object ImportResourceState returned.
struct ImportedObject {
  std::string type_name;
  cty::Value state;
};

/// ImportResourceState (000 §ImportResourceState): exactly one object unless deferred
/// (`import.no_resources`, `import.multiple`), each with its type name (`import.type_missing`)
/// and a non-null state (`import.null_object`).
Violations check_import(const std::vector<ImportedObject>& imported, bool deferred);

/// `import.nonexistent_after_read`: the stub state read back as null.
Violations check_import_read(const cty::Value& read_state);

/// `import.incomplete` (warning): after import and read, the state should equal the one apply
/// created; a partial import is allowed but the next plan must then fix it.
Violations check_import_complete(const schema::Block& block, const cty::Value& applied, const cty::Value& imported);

/// `import.plan_not_empty` (000 §ImportResourceState): planning the configuration that created
/// the object against the imported and read state (`imported`) must plan that state unchanged,
/// except where import could not know the value: where it left a value null (a partial import,
/// which the next plan may fill in), where it read back another value than the one apply had
/// stored in `applied` (an attribute the provider cannot import, such as one that exists only in
/// configuration; `import.incomplete` reports both), and on write-only attributes. What is left
/// is a value the import set where apply had null (null in configuration, `{}` after import).
/// One finding per differing path; one under a path in `requires_replace` says the change
/// replaces the object, and those come first.
Violations check_plan_after_import(const schema::Block& block, const cty::Value& applied, const cty::Value& imported,
                                   const cty::Value& planned, const std::vector<cty::Path>& requires_replace);

/// ReadDataSource: a non-null result (`data.null_result`) conforming to the schema with no
/// unknown (`data.unknown_in_result`); attributes non-null in config keep their value
/// (`data.config_value_changed`, warning; set blocks are not correlated).
Violations check_data_read(const schema::Block& block, const cty::Value& config, const cty::Value& result);

/// `lifecycle.plan_not_empty_after_apply` / `lifecycle.plan_not_empty_after_refresh` (`rule`):
/// planning the same config again must plan exactly the prior state; one finding per
/// differing path.
Violations check_plan_is_no_op(const schema::Block& block, const cty::Value& prior, const cty::Value& planned,
                               RuleId rule);

/// MoveResourceState from the same type and version: a non-null (`move.state_invalid`)
/// target state conforming to the schema, wholly known (`move.state_invalid`), its write-only
/// attributes null (`move.write_only_not_null`).
Violations check_move(const schema::Block& block, const cty::Value& target);

/// `generate.config_invalid`: GenerateResourceConfig (Terraform 1.14, `-generate-config-out`)
/// returns a configuration Terraform could write out: conforming to the schema, wholly known,
/// with every computed-only attribute null (at any depth of blocks and nested attributes).
Violations check_generated_config(const schema::Block& block, const cty::Value& config);

/// `validate.rejects_unknown` (warning; 000 §ValidateResourceConfig): an error diagnostic
/// whose path points at (or into) an unknown value of `config`.
Violations check_validate_diagnostics(const cty::Value& config, const std::vector<cty::Path>& error_paths);

}  // namespace tfc::oracle
