#pragma once
// A type without move support refuses MoveResourceState for every state alike (the plugin
// framework's "does not include move resource state support"): once kAlike cases in a row were
// refused in the same words, the suite stops asking, one RPC saved per case. A refusal that
// names something of the state differs from case to case and never settles. It settles only
// between learning rounds, whose cases do not depend on --jobs, so neither does which case asks.

#include <cstddef>
#include <string>

#include "conformance/core/case_outcome.hpp"

namespace tfc::conformance {

class MoveRefusals {
public:
  static constexpr std::size_t kAlike = 3;

  /// Takes a judged case's move, in case order: refused (alike or not), moved, or not reached.
  void count(const CaseOutcome& o) {
    if (!o.move_refusal.empty()) {
      m_alike = o.move_refusal == m_refusal ? m_alike + 1 : 1;
      m_refusal = o.move_refusal;
    } else if (o.scenarios_run.contains("move")) {
      m_alike = 0;
      m_refusal.clear();
    }
  }
  /// At a learning round's start: from now on no case asks when enough were refused alike.
  void settle() { m_settled = m_settled || m_alike >= kAlike; }
  bool settled() const { return m_settled; }
  /// The refusal the suite settled on (or the last one).
  const std::string& refusal() const { return m_refusal; }

private:
  std::string m_refusal;
  std::size_t m_alike = 0;
  bool m_settled = false;
};

}  // namespace tfc::conformance
