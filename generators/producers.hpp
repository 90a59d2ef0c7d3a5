#pragma once
// Where a resource's inputs come from when they are another resource's outputs: real
// configurations wire resources together (a certificate request takes the `private_key_pem` a
// `tls_private_key` computed; a subnet takes its network's `id`). The index reads only the
// provider's schema and the hints, never a list of type names.

#include <string>
#include <vector>

#include "generators/hints.hpp"
#include "proto/schema/provider_schema.hpp"

namespace tfc::gen {

/// One top-level attribute of a block whose value another managed resource type computes.
struct Producer {
  std::string attribute;       // the consumer's attribute
  std::string type;            // the producing resource type
  std::string from_attribute;  // its computed attribute
  friend bool operator==(const Producer&, const Producer&) = default;
};

/// The producers of `block`'s configurable top-level attributes, in schema order. An
/// attribute's reference hint names its producer; otherwise a managed resource type of the
/// provider other than `self_type` that computes (computed only) an attribute of the same
/// type whose name is
///   * the attribute's own name, or its end after a prefix (`ca_cert_pem` ← `cert_pem`), when
///     that name is specific (two words or more: `private_key_pem`, not `id` or `name`); or
///   * a specific name that the attribute's description mentions together with the type's
///     name ("the private_pem of a tfcfixture_keypair"); or
///   * `id`, when the attribute is `X_id` and the type's name is `X` or ends in `_X`.
/// Among several types the one with the fewest required attributes wins (the one easiest to
/// create), then the first by name. A fixed `value` hint or `omit` keeps an attribute unwired.
std::vector<Producer> producers_of(const schema::ProviderSchema& provider, const std::string& self_type,
                                   const schema::Block& block, const Hints& hints);

/// The resource types a case of `self_type` may create first, producers of producers
/// included (at most `depth` levels), each once, in creation order (a producer before the
/// types that need it). `hints_of(type)` gives the hints of an upstream type.
std::vector<std::string> upstream_types(const schema::ProviderSchema& provider, const std::string& self_type,
                                        const schema::Block& block, const Hints& hints, std::size_t depth = 3);

}  // namespace tfc::gen
