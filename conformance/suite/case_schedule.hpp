#pragma once
// Where each case of a suite comes from: its seed, its size, its value profile and its learning
// round, all functions of the run's options and the case's place alone, so that a run does not
// depend on --jobs, --shard or the other types selected, and a replay token names a case exactly.

#include <cstdint>
#include <string>

#include "conformance/core/case_kind.hpp"

namespace tfc::conformance {

/// Which value profile each case of a suite uses (`--values`): realistic values only (the
/// default); realistic cases, then an extreme phase in the last fifth of them (extreme_case);
/// or extreme values only.
enum class ValueSchedule { realistic, all, extreme };

/// The seed of case `index` of a suite: a function of the run seed, the kind and the type name
/// only, so results do not depend on --jobs, --shard or the other types selected.
std::uint64_t case_seed(std::uint64_t run_seed, CaseKind kind, const std::string& type, std::size_t index);
/// The end (exclusive) of the learning round that starts at case `start` of `total`. The cases
/// of a round are generated from what the earlier rounds taught, so they may be played at once
/// (--jobs). The first four rounds are one case each (learning matters most at first); after
/// that a round is at most half as long as the cases before it, and at most 16 cases.
std::size_t learning_round_end(std::size_t start, std::size_t total);
/// The first case of the learning round holding case `index` of `total`.
std::size_t learning_round_start(std::size_t index, std::size_t total);
/// Generation size of case `index` of `total`: growing from 0 to 100 like rapidcheck's.
int case_size(std::size_t index, std::size_t total);
/// Cases of a suite of `total` that use extreme values: none, all, or with `all` the last
/// fifth (at least one once there are two cases), after every realistic case, so a rule first
/// found there was found only with extreme values.
std::size_t extreme_cases(ValueSchedule schedule, std::size_t total);
/// Whether case `index` of `total` belongs to the extreme phase.
bool extreme_case(ValueSchedule schedule, std::size_t index, std::size_t total);

}  // namespace tfc::conformance
