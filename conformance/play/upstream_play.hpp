#pragma once
// The upstream resources of one case (cases/wiring.hpp), with --apply: created in order before
// the case's own steps, each with the values of those before it at its wired attributes, and
// destroyed in reverse order after the case, as Terraform orders a configuration's graph.
// Their answers are not judged here (each type's own suite judges it); what they were refused
// and accepted is kept for the suite to learn their configurations
// (CaseOutcome::upstream_lessons).

#include <optional>
#include <vector>

#include "conformance/cases/resource_case.hpp"
#include "conformance/core/case_outcome.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

class UpstreamObjects {
public:
  /// Creates the wiring's needed upstream resources; `out` receives the lessons, a lost
  /// process, and the objects left behind when the process is lost.
  /// Their requests carry `core`'s client capabilities, as the case's own do.
  UpstreamObjects(protocol::ProviderClient& client, const schema::ProviderSchema& provider, const Wiring& wiring,
                  CaseOutcome& out, const CoreVersion& core);
  /// Destroys what was created (in reverse order) unless destroy() already did.
  ~UpstreamObjects();
  UpstreamObjects(const UpstreamObjects&) = delete;
  UpstreamObjects& operator=(const UpstreamObjects&) = delete;

  /// `pair` with the created resources' values at the case's wired attributes: the applied
  /// value in the known configuration; in the configuration with unknowns, the value the
  /// producer's plan showed (unknown for what only its apply computes), as Terraform plans a
  /// configuration whose resources are created in the same run.
  ConfigPair wired(const ConfigPair& pair) const;
  /// The case's own refusals with the generated values back at the wired attributes, and
  /// without the diagnostics about those attributes (a refusal left with no error goes): what
  /// the suite learns must not depend on values another resource computed in this run.
  void unwire_refusals(const cty::Value& generated) const;
  /// Destroys the created resources, the last created first; objects a lost process left are
  /// kept in the outcome for the suite to destroy.
  void destroy();

private:
  struct Created {
    std::size_t index = 0;
    cty::Value planned;  // the plan's state (unknown where only the apply computes a value)
    cty::Value state;
    std::string private_data;
    bool usable = true;  // false: a partial object (its apply failed), destroyed but never fed
  };
  const Created* created(std::size_t index) const;
  /// `config` of upstream `to` (or of the case) with the wired values of the created producers.
  cty::Value fill(std::size_t to, const cty::Value& config, bool planned) const;
  void create(std::size_t index);

  protocol::ProviderClient& m_client;
  const schema::ProviderSchema& m_provider;
  const Wiring& m_wiring;
  CaseOutcome& m_out;
  CoreVersion m_core;
  std::vector<Created> m_created;
  bool m_destroyed = false;
};

/// The upstream objects of a case when it has any and may create them (with --apply and the
/// provider's schema), in `slot`; the pair to play is then `slot->wired(pair)`.
inline void create_upstream(std::optional<UpstreamObjects>& slot, protocol::ProviderClient& client,
                            const schema::ProviderSchema* provider, bool apply, const Wiring& wiring, CaseOutcome& out,
                            const CoreVersion& core) {
  if (apply && provider != nullptr && !wiring.needed().empty()) slot.emplace(client, *provider, wiring, out, core);
}

}  // namespace tfc::conformance
