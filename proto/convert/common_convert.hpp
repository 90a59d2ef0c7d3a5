#pragma once
// Templates shared by the tfplugin5 and tfplugin6 conversions of the small messages every RPC
// uses (DynamicValue, RawState, Diagnostic, AttributePath, ClientCapabilities, Deferred,
// ResourceIdentityData, Timestamp). The two packages name these fields identically; fields one
// version lacks are skipped with `if constexpr (requires ...)`. Internal to proto/convert.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <google/protobuf/timestamp.pb.h>

#include "proto/cty/path.hpp"
#include "proto/protocol/capabilities.hpp"
#include "proto/protocol/diagnostics.hpp"
#include "proto/protocol/dynamic_value.hpp"
#include "proto/util/expected.hpp"

namespace tfc::wire::detail {

/// Prefixes an error that starts with a field path with the enclosing field, so messages read
/// "block.block_types.rule.block.attributes.port.type: <what is wrong>".
inline Error nest(const std::string& field, const Error& inner) {
  const bool index = !inner.message.empty() && inner.message.front() == '[';
  return Error{field + (index ? "" : ".") + inner.message};
}

// --- DynamicValue / RawState / Timestamp -------------------------------------------------

template <class Pb>
void dynamic_value_to(const protocol::DynamicValue& in, Pb* out) {
  out->set_msgpack(in.msgpack);
  out->set_json(in.json);
}

template <class Pb>
protocol::DynamicValue dynamic_value_from(const Pb& in) {
  return protocol::DynamicValue{in.msgpack(), in.json()};
}

/// Sets a DynamicValue field only when `in` is non-empty: terraform-plugin-go rejects a
/// present DynamicValue with neither encoding, and Terraform omits e.g. an absent provider_meta.
template <class MakeField>
void put_dynamic(const protocol::DynamicValue& in, MakeField&& field) {
  if (!in.empty()) dynamic_value_to(in, field());
}

template <class Pb>
void raw_state_to(const protocol::RawState& in, Pb* out) {
  out->set_json(in.json);
  for (const auto& [key, value] : in.flatmap) (*out->mutable_flatmap())[key] = value;
}

template <class Pb>
protocol::RawState raw_state_from(const Pb& in) {
  protocol::RawState out;
  out.json = in.json();
  for (const auto& [key, value] : in.flatmap()) out.flatmap.emplace(key, value);
  return out;
}

inline void timestamp_to(const protocol::Timestamp& in, google::protobuf::Timestamp* out) {
  out->set_seconds(in.seconds);
  out->set_nanos(in.nanos);
}

inline protocol::Timestamp timestamp_from(const google::protobuf::Timestamp& in) {
  return protocol::Timestamp{in.seconds(), in.nanos()};
}

// --- ResourceIdentityData ----------------------------------------------------------------

/// ResourceIdentityData from an identity value (callers leave the field unset for nullopt).
template <class PbIdentity>
void identity_to(const protocol::DynamicValue& in, PbIdentity* out) {
  put_dynamic(in, [&] { return out->mutable_identity_data(); });
}

template <class PbIdentity>
protocol::DynamicValue identity_from(const PbIdentity& in) {
  return dynamic_value_from(in.identity_data());
}

// --- AttributePath -----------------------------------------------------------------------

/// AttributePath from cty::Path (README §6). The protocol cannot address set elements, so the
/// path is truncated at the first set-element step, as Terraform does with its own paths.
template <class PbPath>
void attribute_path_to(const cty::Path& in, PbPath* out) {
  for (const cty::PathStep& step : in.steps()) {
    if (const auto* a = std::get_if<cty::AttributeStep>(&step)) {
      out->add_steps()->set_attribute_name(a->name);
    } else if (const auto* k = std::get_if<cty::KeyStep>(&step)) {
      out->add_steps()->set_element_key_string(k->key);
    } else if (const auto* i = std::get_if<cty::IndexStep>(&step)) {
      out->add_steps()->set_element_key_int(i->index);
    } else {
      return;
    }
  }
}

/// cty::Path from AttributePath; a step with no selector set is an error naming its index.
template <class PbPath>
Expected<cty::Path> attribute_path_from(const PbPath& in) {
  using Step = std::remove_cvref_t<decltype(in.steps(0))>;
  cty::Path out;
  for (int i = 0; i < in.steps_size(); ++i) {
    const Step& step = in.steps(i);
    switch (step.selector_case()) {
      case Step::kAttributeName: out = out.attribute(step.attribute_name()); break;
      case Step::kElementKeyString: out = out.key(step.element_key_string()); break;
      case Step::kElementKeyInt: out = out.index(step.element_key_int()); break;
      default: return Error{"steps[" + std::to_string(i) + "]: no selector set"};
    }
  }
  return out;
}

// --- Diagnostic --------------------------------------------------------------------------

template <class PbDiagnostic>
void diagnostic_to(const protocol::Diagnostic& in, PbDiagnostic* out) {
  using Severity = std::remove_cvref_t<decltype(out->severity())>;
  out->set_severity(static_cast<Severity>(static_cast<int>(in.severity)));
  out->set_summary(in.summary);
  out->set_detail(in.detail);
  if (in.attribute) attribute_path_to(*in.attribute, out->mutable_attribute());
}

template <class PbDiagnostic>
Expected<protocol::Diagnostic> diagnostic_from(const PbDiagnostic& in) {
  protocol::Diagnostic out;
  out.severity = static_cast<protocol::Severity>(static_cast<int>(in.severity()));
  out.summary = in.summary();
  out.detail = in.detail();
  if (in.has_attribute()) {
    TFC_TRY(path, attribute_path_from(in.attribute()));
    out.attribute = std::move(path);
  }
  return out;
}

template <class PbRepeated>
void diagnostics_to(const protocol::Diagnostics& in, PbRepeated* out) {
  for (const protocol::Diagnostic& d : in) diagnostic_to(d, out->Add());
}

/// `field` names the repeated field in errors ("diagnostics[1].attribute: steps[0]: ...").
template <class PbRepeated>
Expected<protocol::Diagnostics> diagnostics_from(const PbRepeated& in, const std::string& field = "diagnostics") {
  protocol::Diagnostics out;
  out.reserve(static_cast<std::size_t>(in.size()));
  int index = 0;
  for (const auto& d : in) {
    auto converted = diagnostic_from(d);
    if (!converted) {
      return nest(field + "[" + std::to_string(index) + "].attribute", converted.error());
    }
    out.push_back(std::move(converted).value());
    ++index;
  }
  return out;
}

// --- ClientCapabilities / Deferred -------------------------------------------------------

template <class Pb>
void client_capabilities_to(const protocol::ClientCapabilities& in, Pb* out) {
  out->set_deferral_allowed(in.deferral_allowed);
  out->set_write_only_attributes_allowed(in.write_only_attributes_allowed);
  if constexpr (requires { out->set_store_planned_private(true); }) {
    out->set_store_planned_private(in.store_planned_private);
    out->set_computed_blocks_allowed(in.computed_blocks_allowed);
  }
}

template <class Pb>
protocol::ClientCapabilities client_capabilities_from(const Pb& in) {
  protocol::ClientCapabilities out;
  out.deferral_allowed = in.deferral_allowed();
  out.write_only_attributes_allowed = in.write_only_attributes_allowed();
  if constexpr (requires { in.store_planned_private(); }) {
    out.store_planned_private = in.store_planned_private();
    out.computed_blocks_allowed = in.computed_blocks_allowed();
  }
  return out;
}

template <class Pb>
void deferred_to(const protocol::Deferred& in, Pb* out) {
  using Reason = std::remove_cvref_t<decltype(out->reason())>;
  out->set_reason(static_cast<Reason>(static_cast<int>(in.reason)));
}

template <class Pb>
protocol::Deferred deferred_from(const Pb& in) {
  return protocol::Deferred{static_cast<protocol::DeferredReason>(static_cast<int>(in.reason()))};
}

}  // namespace tfc::wire::detail
