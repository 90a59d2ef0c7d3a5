#pragma once
// Resources wired together: a case may create resources of other types first and pass their
// computed values to the resource it tests, as a real configuration does
// (`private_key_pem = tls_private_key.k.private_key_pem`). Which types and attributes come from
// the producer index (generators/producers.hpp); each upstream resource's configuration is
// generated from its own hints. Shrinking drops upstream resources one by one, so a failing
// case keeps only those it needs.

#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "generators/arbitrary_value.hpp"
#include "generators/hints.hpp"
#include "proto/cty/value.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::conformance {

/// A resource the case creates before its own, and destroys after it.
struct Upstream {
  std::string type;
  cty::Value config;                           // known; its wired attributes are filled when it is created
  bool kept = true;                            // false once shrinking dropped it: nothing is created, nothing fed
  std::shared_ptr<const schema::Block> block;  // the type's schema block (text, reproductions)
};

/// Where the case itself is the one fed.
inline constexpr std::size_t kCaseItself = std::numeric_limits<std::size_t>::max();

/// One value passed: upstream `from`'s computed `from_attribute` becomes `attribute` of upstream
/// `to` (or of the case's own configurations).
struct Wire {
  std::size_t to = kCaseItself;
  std::string attribute;
  std::size_t from = 0;
  std::string from_attribute;
};

struct Wiring {
  std::vector<Upstream> upstream;  // in creation order: every producer before what it feeds
  std::vector<Wire> wires;

  bool empty() const noexcept { return upstream.empty(); }
  /// The kept upstream resources the case needs (feeding it, directly or through others), in
  /// creation order.
  std::vector<std::size_t> needed() const;
  /// The wires into `to` whose producer is kept and needed.
  std::vector<const Wire*> wires_into(std::size_t to) const;
};

/// The wiring of a case of `type` (`block`) for these hints: empty (and no randomness drawn)
/// when nothing of the provider produces its inputs.
/// `examples_unchanged`: each upstream resource is its hints' first example as it is (the first
/// case of a type the author gave examples of).
rc::Gen<Wiring> wiring_of(const schema::ProviderSchema& provider, const std::string& type, const schema::Block& block,
                          const gen::Hints& hints, gen::ValueProfile values, bool examples_unchanged = false);

/// Whether `wiring_of` gives anything but an empty wiring (a case generator then adds it).
bool has_upstream(const schema::ProviderSchema& provider, const std::string& type, const schema::Block& block,
                  const gen::Hints& hints);

/// The upstream resources as Terraform text, their wired attributes as references
/// (`tls_private_key.upstream_1.private_key_pem`), before the case's own blocks; the note
/// names the case's own attributes that are wired.
std::string describe_wiring(const Wiring& wiring);
/// The reference expression that stands for upstream `from`'s `attribute`.
std::string upstream_reference(const Wiring& wiring, std::size_t from, const std::string& attribute);
/// The resource name of upstream `index` in reproductions and descriptions.
std::string upstream_name(std::size_t index);

/// Resources a case creates besides its own (the counterexample's size counts them).
std::size_t wiring_size(const Wiring& wiring);

}  // namespace tfc::conformance
