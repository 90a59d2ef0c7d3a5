#include "reports/reporter.hpp"

namespace tfc::report {

Reporter::~Reporter() = default;

Clock system_clock() {
  return [] { return std::chrono::system_clock::now(); };
}

Clock fixed_clock(std::chrono::system_clock::time_point t) {
  return [t] { return t; };
}

}  // namespace tfc::report
