// Seeds, sizes, value profiles and learning rounds of a suite's cases (see case_schedule.hpp).
#include "conformance/suite/case_schedule.hpp"

#include <algorithm>
#include <string_view>

namespace tfc::conformance {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

}  // namespace

std::uint64_t case_seed(std::uint64_t run_seed, CaseKind kind, const std::string& type, std::size_t index) {
  const std::uint64_t suite = splitmix64(run_seed ^ fnv1a(type) ^ (static_cast<std::uint64_t>(kind) << 56));
  return splitmix64(suite + index);
}

std::size_t learning_round_end(std::size_t start, std::size_t total) {
  constexpr std::size_t kSoloCases = 4;
  constexpr std::size_t kLongestRound = 16;
  std::size_t size = 1;
  if (start >= kSoloCases) {
    while (size * 2 <= start / 2 && size * 2 <= kLongestRound) size *= 2;
  }
  return std::min(total, start + size);
}

std::size_t learning_round_start(std::size_t index, std::size_t total) {
  std::size_t start = 0;
  for (std::size_t end = learning_round_end(0, total); end <= index; end = learning_round_end(start, total))
    start = end;
  return start;
}

int case_size(std::size_t index, std::size_t total) {
  if (total <= 1) return 50;
  return static_cast<int>(index * 100 / (total - 1));
}

std::size_t extreme_cases(ValueSchedule schedule, std::size_t total) {
  switch (schedule) {
    case ValueSchedule::realistic: return 0;
    case ValueSchedule::extreme: return total;
    case ValueSchedule::all: return total < 2 ? 0 : std::max<std::size_t>(1, total / 5);
  }
  return 0;
}

bool extreme_case(ValueSchedule schedule, std::size_t index, std::size_t total) {
  return index + extreme_cases(schedule, total) >= total;
}

}  // namespace tfc::conformance
