#include "oracle/list_rules.hpp"

#include "oracle/compatible.hpp"
#include "oracle/findings.hpp"
#include "oracle/value_walk.hpp"

namespace tfc::oracle {
namespace {

bool entirely_null(const cty::Value& v) {
  if (v.is_null()) return true;
  if (!v.is_known() || v.type().kind() != cty::Kind::Object) return false;
  for (const cty::Value& a : v.attribute_values()) {
    if (!a.is_null()) return false;
  }
  return true;
}

}  // namespace

Violations check_list_events(const std::vector<ListedEvent>& events, bool include_object, std::int64_t limit) {
  Findings out;
  std::vector<cty::Value> seen;
  std::int64_t count = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const ListedEvent& e = events[i];
    const cty::Path at = cty::Path{}.index(static_cast<std::int64_t>(i));
    ++count;
    if (!e.identity) {
      out.add("list.identity_missing", at, "event " + std::to_string(i) + " carries no identity");
    } else if (!e.identity->is_wholly_known() || entirely_null(*e.identity)) {
      out.add("list.identity_incomplete", at,
              "event " + std::to_string(i) + " carries the identity " + e.identity->to_display() +
                  "; expected it wholly known and not all null");
    } else {
      for (const cty::Value& s : seen) {
        if (raw_equals(s, *e.identity)) {
          out.add("list.duplicate_identity", at,
                  "event " + std::to_string(i) + " repeats the identity " + e.identity->to_display());
          break;
        }
      }
      seen.push_back(*e.identity);
    }
    if (include_object) {
      if (!e.has_object) {
        out.add("list.resource_object_invalid", at,
                "event " + std::to_string(i) + " has no resource object although one was requested");
      } else if (e.object && (e.object->is_null() || !e.object->is_wholly_known())) {
        out.add("list.resource_object_invalid", at,
                "event " + std::to_string(i) + "'s resource object is " +
                    (e.object->is_null() ? "null" : "not wholly known"));
      }
    }
  }
  if (limit > 0 && count > limit)
    out.add("list.limit_exceeded", cty::Path{},
            "the stream sent " + std::to_string(count) + " results for a limit of " + std::to_string(limit));
  return out.take();
}

Violations check_listed_object_read(const schema::Block& block, const cty::Value& listed, const cty::Value& read) {
  constexpr RuleId rule = "list.object_mismatch";
  Findings walked;
  check_compatible(block, listed, read, DriftRules{rule, rule, rule, rule, rule, rule, rule, rule, rule}, walked);
  Findings out;
  for (Violation& v : walked.take())
    out.add(rule, v.path, "ReadResource of a listed object differs from it: " + v.message);
  if (read.is_null() && out.empty()) out.add(rule, cty::Path{}, "ReadResource of a listed object found no object");
  return out.take();
}

Violations check_created_listed(const cty::Value& created_identity, const std::vector<cty::Value>& listed) {
  Findings out;
  for (const cty::Value& l : listed) {
    if (raw_equals(l, created_identity)) return out.take();
  }
  out.add("list.created_not_listed", cty::Path{},
          "the object created with identity " + created_identity.to_display() + " is not among the " +
              std::to_string(listed.size()) + " listed");
  return out.take();
}

}  // namespace tfc::oracle
