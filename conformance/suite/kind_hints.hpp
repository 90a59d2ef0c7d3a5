#pragma once
// Where each kind's hints are in a hints file (docs/hints.md, "Other families"): the hints a
// suite starts from, and the section --write-hints writes the hints it ended with to. Every
// family that learns has a section of its own, so an ephemeral resource, an action or a list
// resource named like a managed resource never overwrites the resource's learned hints.

#include <map>
#include <string>

#include "conformance/core/case_kind.hpp"
#include "generators/hints.hpp"

namespace tfc::conformance {

/// The hints a suite of `kind` starts from.
inline const gen::Hints& given_hints(const gen::HintsFile& file, CaseKind kind, const std::string& type) {
  switch (kind_info(kind).suite) {
    case report::SuiteKind::data_source: return file.for_data_source(type);
    case report::SuiteKind::ephemeral_resource: return file.for_ephemeral_resource(type);
    case report::SuiteKind::action: return file.for_action(type);
    case report::SuiteKind::list_resource: return file.for_list_resource(type);
    default: return file.for_resource(type);
  }
}

/// The section of `file` (a gen::HintsFile, const or not) that holds the hints of `kind`'s suites.
template <class File>
auto hints_section(File& file, CaseKind kind) -> decltype((file.resources)) {
  switch (kind_info(kind).suite) {
    case report::SuiteKind::data_source: return file.data_sources;
    case report::SuiteKind::ephemeral_resource: return file.ephemeral_resources;
    case report::SuiteKind::action: return file.actions;
    case report::SuiteKind::list_resource: return file.list_resources;
    default: return file.resources;
  }
}

}  // namespace tfc::conformance
