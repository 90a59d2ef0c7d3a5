#pragma once
// Learning from a provider's refusals, one resource type (or data source) at a time: when
// validation or planning answers with error diagnostics, later cases change what was refused.
//
// Per attribute path (the diagnostic's own path, or a name its text mentions):
//  * a rule the message states (an enumeration, a range, a length, a pattern, a format such as
//    JSON, CIDR or ARN) becomes the attribute's hint at once;
//  * otherwise an optional attribute is left null, and the candidates for it (values accepted
//    in earlier cases, its description's rule, the name dictionary's format) are tried later,
//    one probe case at a time, once a case was accepted; a required one gets those candidates
//    directly, in that order, the next one after each refusal;
//  * a candidate value the provider refused is dropped from its hint.
// Before any answer, a rule an attribute's description states steers its values, and the first
// case sets every attribute and block it may, wholly known (one refusal then lists every rule
// checked). After that, until a case is accepted, optional members nothing is known about are
// left unset.
// Cross-attribute rules (ConflictsWith, ExactlyOneOf, AtLeastOneOf, RequiredWith and the
// framework's equivalents) become hint groups. A refusal that names nothing leaves the
// optional members the refused configuration set null, then tries candidates for the
// required ones. Accepted configurations become examples, which the generator mutates.
//
// Everything depends only on the answers given, in order: the same answers give the same
// hints (replays re-derive them by playing the earlier cases again). User hints always win
// on the paths they cover.

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/hints.hpp"
#include "generators/learning/value_rule.hpp"
#include "generators/world_values.hpp"
#include "proto/cty/value.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/schema/block.hpp"

namespace tfc::gen::learning {

/// One thing the learner holds, for reports.
struct LearnedFact {
  std::string attribute;        // hint path, or the paths of a group joined by ", "
  std::string source;           // diagnostic, description, dictionary, accepted value, ...
  std::string rule;             // e.g. `one of "a", "b"`, `left unset (null)`, `at most one of`
  std::string evidence;         // the diagnostic that taught it (shortened), when any
  std::size_t case_number = 0;  // the 1-based case whose answer taught it
};

class RefusalLearner {
public:
  /// `data_source`: the suite only reads (a data source); only then may candidates name
  /// existing files of this machine. `world`: what the run's world offers (docs/world.md);
  /// attributes whose name and description want it get it from the first case on, and a
  /// refusal saying something was missing ("no such file or directory") steers to it.
  RefusalLearner(const schema::Block& block, Hints user_hints, bool data_source = false,
                 std::optional<WorldValues> world = std::nullopt);

  /// The hints the next case is generated with: the user's, and what was learned where the
  /// user said nothing.
  const Hints& hints() const noexcept { return m_merged; }
  /// Grows each time the hints change (callers rebuild their generators then).
  std::size_t version() const noexcept { return m_version; }

  /// Call before each case is generated (numbers the cases for the facts).
  void begin_case();
  /// The 1-based case whose answers are learned next, when cases are generated ahead of the
  /// answers (a learning round): the facts learned name it.
  void teaching_case(std::size_t number) { m_case = number; }
  /// The provider refused `config` with these diagnostics (warnings are ignored).
  void refused(const cty::Value& config, const protocol::Diagnostics& diagnostics);
  /// The provider accepted `config` (validated and planned, or read for a data source).
  void accepted(const cty::Value& config);
  /// What an update plan of an object taught (replacement_learning.cpp): the top-level
  /// attributes and blocks it asked to replace the object for (its requires_replace), and
  /// those it changed in place. The first become `forces_replacement` hints, kept for good (an
  /// attribute that replaces only sometimes still does).
  void update_planned(const std::set<std::string>& replaced, const std::set<std::string>& in_place);

  /// The resource type `type` (of `block`) is created first by some cases (an upstream
  /// resource, conformance/cases/wiring.hpp): a learner of its own learns its configurations,
  /// and its hints become `hints().upstream[type]` (the user's upstream hints win there too).
  void add_upstream(const std::string& type, const schema::Block& block);
  /// An upstream resource of `type` was refused (validation or plan) or accepted (created).
  void upstream_refused(const std::string& type, const cty::Value& config, const protocol::Diagnostics& diagnostics);
  void upstream_accepted(const std::string& type, const cty::Value& config);

  /// What is learned now, per attribute path (sorted) and then per group.
  std::vector<LearnedFact> facts() const;
  /// The learned hints merged with the user's, as a resource's hints (probes left out): what
  /// `--write-hints` writes for this type.
  Hints steady_hints() const;

private:
  struct Strategy {
    AttributeHint hint;  // an empty hint means "the generator's own values"
    std::string source;
    std::string rule;
  };
  struct PathState {
    std::optional<Strategy> current;
    std::vector<Strategy> queue;     // candidates still to try
    std::vector<std::string> tried;  // rules of the strategies used so far
    bool queue_built = false;
    bool probing = false;  // current is a probe; `resting` is what it replaced
    std::optional<Strategy> resting;
    std::size_t probe_cases = 0;
    std::vector<cty::Value> accepted_values;
    std::string evidence;
    std::size_t case_number = 0;
  };

  static constexpr const char* kOmitRule = "left unset (null)";

  bool user_owns(const std::string& path) const;

  // Reading one refusal (refusal_learner.cpp); a bool result says whether the error was
  // attributed to attributes.
  bool learn_from_error(const cty::Value& config, const protocol::Diagnostic& d, const std::string& evidence);
  void keep_known(const std::optional<std::string>& path, const std::string& evidence);
  bool learn_group(const AttributeGroup& raw, const std::optional<std::string>& base, const std::string& evidence);
  std::optional<std::string> path_of_subjects(const std::vector<std::string>& subjects) const;
  bool blame_by_text(const cty::Value& config, const std::string& text, const ValueRule& rule,
                     const std::string& evidence);
  void add_group(AttributeGroup group, const std::string& evidence);

  // One path's strategy (refusal_strategies.cpp).
  void blame(const std::string& path, const ValueRule& rule, const std::string& evidence,
             const std::vector<cty::Value>& refused_values);
  void set(PathState& state, Strategy strategy, const std::string& evidence);
  void build_queue(const std::string& path, PathState& state);
  void advance(const std::string& path, PathState& state, const std::string& evidence);
  bool keep_after_refusal(PathState& state, const std::string& path, const std::vector<cty::Value>& refused);
  void scrub_examples(const std::string& path, const std::vector<cty::Value>& refused);
  void start_probe();

  // The run's world (refusal_world.cpp): an attribute that wants it from the start, and a
  // refusal saying what was missing.
  bool seed_world(const std::string& path, const schema::Attribute& attribute);
  bool steer_to_world(const cty::Value& config, const protocol::Diagnostic& d, const std::string& evidence);

  // What is left unset when nothing else is known (refusal_omissions.cpp).
  void unattributed(const cty::Value& config, const std::string& evidence);
  std::vector<std::string> minimal_omissions() const;
  // A group that needs a member set (exactly or at least one) never has all of them left unset.
  bool last_of_needed_group(const std::string& path) const;
  void keep_one_set(const AttributeGroup& group, const std::string& evidence);

  void rebuild();
  /// facts() before the world's run-specific paths and URL are named by what they are.
  std::vector<LearnedFact> facts_as_learned() const;
  std::string without_world(std::string text) const;
  bool configurable_top_level(const std::string& name) const;

  schema::Block m_block;
  bool m_data_source = false;
  std::optional<WorldValues> m_world;
  Hints m_user;
  Hints m_merged;
  std::size_t m_version = 0;
  std::size_t m_case = 0;
  std::map<std::string, PathState> m_paths;
  std::vector<std::pair<AttributeGroup, LearnedFact>> m_groups;
  std::vector<nlohmann::json> m_examples;  // accepted configurations, newest last
  std::vector<cty::Value> m_accepted;      // the same as values, for accepted values per path
  std::vector<std::string> m_known;        // top-level attributes kept known (unknowns refused)
  std::vector<std::string> m_explore;      // every configurable path: all set until the first answer
  bool m_exploring = true;
  bool m_minimal = false;  // refused after the first case, nothing accepted yet
  std::vector<LearnedFact> m_known_facts;
  std::size_t m_unattributed = 0;
  std::optional<std::string> m_probe;     // the path being probed, if any
  std::vector<std::string> m_blamed_now;  // paths blamed by the answer being read
  std::map<std::string, std::unique_ptr<RefusalLearner>, std::less<>> m_upstream;
  std::size_t m_upstream_versions = 0;             // the sum of their versions when the hints were merged
  std::map<std::string, LearnedFact> m_replacing;  // top-level names an update plan replaced for
  std::map<std::string, LearnedFact> m_in_place;   // those an update plan changed in place
};

}  // namespace tfc::gen::learning
