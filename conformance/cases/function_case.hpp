#pragma once
// Generated calls of one provider function: arguments of the declared parameter types (null
// only where the parameter allows null, 0 to 3 variadic arguments), and the same arguments with
// unknowns injected where the parameter allows unknown values (Terraform never sends an
// unknown to any other parameter: it answers unknown itself). The arguments are generated as
// the configuration of a block with one attribute per parameter, so a hints file steers them
// by parameter name like resource attributes (the variadic parameter is a list attribute).

#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "conformance/cases/resource_case.hpp"
#include "oracle/function_signature.hpp"
#include "proto/cty/value.hpp"

namespace tfc::conformance {

struct FunctionCase {
  std::vector<cty::Value> arguments;      // wholly known
  std::vector<cty::Value> with_unknowns;  // the same with unknowns; empty when none was injected
};

/// The block the arguments are generated from: one attribute per parameter, named after it
/// (`arg<i>` when the name is not a valid attribute name or repeats), required unless the
/// parameter allows null; the variadic parameter an optional list of its type.
schema::Block parameters_block(const oracle::FunctionSignature& signature);

rc::Gen<FunctionCase> function_case_of(const std::shared_ptr<const oracle::FunctionSignature>& signature,
                                       const gen::Hints& hints, const CaseGenOptions& options);

/// The generator of the function kind (case_kinds.inc): calls of the function the source's type
/// names, with its signature from the provider's schema; an error when there is no such function
/// or its signature cannot be read.
Expected<CaseGenerator<FunctionCase>> function_generator(const GeneratorSource& source);

/// `name(arg, ...)` as Terraform would call it, and the unknown variant when there is one.
std::string describe_case(const std::string& name, const schema::Block& unused, const FunctionCase& c);
/// Non-null leaf values among the arguments.
std::size_t case_size(const FunctionCase& c);

}  // namespace tfc::conformance
