#pragma once
// How the suite makes a kind's cases: each kind's cases/ file gives a function (the `generator`
// column of conformance/core/case_kinds.inc) that makes, once per suite, a generator of its cases
// for the hints and options of the moment (the suite rebuilds it when it learns new hints).

#include <functional>
#include <string>

#include <rapidcheck.h>

#include "generators/hints.hpp"
#include "proto/schema/provider_schema.hpp"
#include "proto/util/expected.hpp"

namespace tfc::conformance {

struct CaseGenOptions;  // resource_case.hpp

template <class Case>
using CaseGenerator = std::function<rc::Gen<Case>(const gen::Hints&, const CaseGenOptions&)>;

/// What a kind's generator is made from.
struct GeneratorSource {
  const schema::ProviderSchema& provider;
  const std::string& type;
  /// The suite's own copy of the type's block (empty for a kind without schemas): it outlives
  /// the generator, which may keep a reference to it.
  const schema::Block& block;
  /// The given hints of the managed resource named `type` (a list resource's cases create one).
  const gen::Hints& resource_hints;
};

}  // namespace tfc::conformance
