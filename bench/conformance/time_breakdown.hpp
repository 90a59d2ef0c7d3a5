#pragma once
// Where a run's time inside the provider went: each RPC method and the provider launches, the
// costliest first (the profile a speed issue starts from; see RunStats::by_method).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "conformance/suite/conformance_run.hpp"

namespace tfc::bench {

inline void print_time_breakdown(const conformance::RunStats& stats, const char* indent = "    ") {
  std::vector<conformance::CallTime> rows = stats.by_method;
  if (stats.launches.calls > 0) rows.push_back(stats.launches);
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.in_calls > b.in_calls; });
  const double cases = stats.cases > 0 ? static_cast<double>(stats.cases) : 1;
  for (const auto& r : rows) {
    const double total = std::chrono::duration<double>(r.in_calls).count();
    std::printf("%s%-32s %7lld calls %6.2f a case %9.2f s in all %8.2f ms a call\n", indent, r.what.c_str(),
                static_cast<long long>(r.calls), static_cast<double>(r.calls) / cases, total,
                r.calls > 0 ? 1000 * total / static_cast<double>(r.calls) : 0);
  }
}

}  // namespace tfc::bench
