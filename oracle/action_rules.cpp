#include "oracle/action_rules.hpp"

#include "oracle/findings.hpp"

namespace tfc::oracle {

Violations check_invoke_events(const std::vector<ActionEvent>& events) {
  Findings out;
  std::size_t completed = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i] == ActionEvent::None)
      out.add("action.event_empty", cty::Path{}.index(static_cast<std::int64_t>(i)),
              "event " + std::to_string(i) + " is neither progress nor completed");
    if (events[i] == ActionEvent::Completed) ++completed;
  }
  if (completed != 1) {
    out.add("action.completed_count", cty::Path{},
            "the stream sent " + std::to_string(completed) + " completed events; expected exactly one, at the end");
  } else if (events.back() != ActionEvent::Completed) {
    out.add("action.completed_count", cty::Path{}, "the stream went on after its completed event");
  }
  return out.take();
}

}  // namespace tfc::oracle
