#pragma once
// One run from several reports of the same run split over machines (`--shard K/N` in a CI
// matrix) or repeated (`tfconform merge`): the suites of every report, a suite met twice merged
// (findings by fingerprint with their occurrences summed, coverage counts summed, the worse
// status of each scenario), the baseline entries no report met, and the verdict of the whole.
// Reports of another provider, seed, option set, profile or tfconform are refused.

#include <functional>
#include <string>
#include <vector>

#include "proto/util/expected.hpp"
#include "reports/run_report.hpp"

namespace tfc::report {

/// A report and where it came from (for messages).
struct NamedRun {
  std::string source;
  RunReport run;
};

/// What a merge made: the run, and what the user should know about it (shards missing or
/// given twice: the merge is still made, the run says it is incomplete).
struct MergedRun {
  RunReport run;
  std::vector<std::string> warnings;
  bool shards_missing = false;  // the run was sharded and not every shard was given
};

/// Merges `runs` (at least one). `order` gives each suite its place in the merged run (the
/// order of an unsharded run); suites with equal keys keep the order they came in.
Expected<MergedRun> merge_runs(std::vector<NamedRun> runs, const std::function<std::string(const Suite&)>& order);

}  // namespace tfc::report
