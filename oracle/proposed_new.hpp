#pragma once
// The proposed new state Core sends in PlanResourceChange (seed 000, "Proposed New State";
// docs/protocol.md §4.6): the configuration merged with the prior state.

#include "proto/cty/value.hpp"
#include "proto/schema/block.hpp"

namespace tfc::oracle {

/// Merges `config` and `prior` as Core does: a non-computed attribute takes the config value;
/// an optional+computed attribute takes the config value when non-null, else the prior value;
/// a computed-only attribute keeps the prior value; nested attributes and nested blocks are
/// merged recursively, correlated by index (list), key (map) or, for sets, with the first
/// unused prior element that could have come from the config element (equal except where
/// computed attributes are null in config); unknown config values stay unknown. One exception,
/// as in Core: an optional+computed nested attribute null in config proposes null when its
/// prior holds a non-null value at a non-computed attribute (holds_configured_value). A null
/// config (destroy) gives null; a null prior (create) acts as an object with every attribute
/// null and empty block collections; a wholly unknown prior makes every value taken from it
/// unknown, and with a null config the proposal is that unknown prior.
cty::Value proposed_new(const schema::Block& block, const cty::Value& prior, const cty::Value& config);

}  // namespace tfc::oracle
