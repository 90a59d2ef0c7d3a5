#include "oracle/deferral_rules.hpp"

#include <algorithm>

#include "oracle/findings.hpp"

namespace tfc::oracle {

Violations check_deferred(std::string_view rpc, bool allowed, std::optional<int> reason,
                          std::initializer_list<int> valid) {
  Findings out;
  if (!reason) return out.take();
  if (!allowed) {
    out.add("deferral.not_allowed", cty::Path{},
            std::string(rpc) + " deferred (reason " + std::to_string(*reason) +
                ") although the request did not allow deferral");
  } else if (std::find(valid.begin(), valid.end(), *reason) == valid.end()) {
    out.add(
        "deferral.reason_invalid", cty::Path{},
        std::string(rpc) + " deferred with reason " + std::to_string(*reason) + ", which is not a valid reason there");
  }
  return out.take();
}

}  // namespace tfc::oracle
