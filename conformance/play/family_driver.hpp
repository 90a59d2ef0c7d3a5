#pragma once
// What the plays of the other families share with ResourceDriver: encoding a configuration
// (a failure is the harness's own), a validate-like RPC judged for errors that point at
// unknown values, and decoding an answer value into a finding when it does not decode.

#include <optional>
#include <string>
#include <string_view>

#include "conformance/cases/resource_case.hpp"
#include "conformance/core/case_outcome.hpp"
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/core/value_io.hpp"
#include "oracle/state_checks.hpp"
#include "proto/protocol/provider_client.hpp"
#include "proto/schema/implied_type.hpp"

namespace tfc::conformance {

/// One type of one family as a play sees it: the client, the recorder, its schema block.
class FamilyDriver {
public:
  FamilyDriver(protocol::ProviderClient& client, std::string type, const schema::Block& block, CaseRecorder& rec)
      : m_client(client), m_type(std::move(type)), m_block(block), m_implied(schema::implied_type(block)), m_rec(rec) {}

  protocol::ProviderClient& client() { return m_client; }
  CaseRecorder& recorder() { return m_rec; }
  const std::string& type() const { return m_type; }
  const schema::Block& block() const { return m_block; }
  const cty::Type& implied() const { return m_implied; }
  bool lost() const { return m_rec.outcome().provider_lost; }
  nlohmann::json show(const cty::Value& v) const { return display_json(m_block, v); }

  /// The msgpack of `v`; nullopt (and a harness error) when it does not encode.
  std::optional<protocol::DynamicValue> encode(const cty::Value& v, const char* what) {
    auto encoded = encode_value(m_implied, v);
    if (!encoded) {
      m_rec.outcome().harness_error = std::string("encoding the ") + what + ": " + encoded.error().message;
      return std::nullopt;
    }
    return std::move(*encoded);
  }

  /// Core's validations of a configuration: with its unknowns first (when the case has any),
  /// then wholly known. False at the first refusal.
  template <class Call>
  bool validate_pair(const ConfigPair& config, protocol::Rpc rpc, Call call) {
    if (!config.with_unknowns.injected.empty() &&
        !validate(config.with_unknowns.value, "validate (unknowns)", rpc, call))
      return false;
    return validate(config.known, "validate", rpc, call);
  }

  /// A validate-like RPC: `call(config)` returns an RpcResult whose response has diagnostics.
  /// False when the provider refused the configuration (judged for errors at unknown values,
  /// `validate.rejects_unknown`) or did not answer.
  template <class Call>
  bool validate(const cty::Value& config, StepName step, protocol::Rpc rpc, Call call) {
    if (lost()) return false;
    auto encoded = encode(config, "configuration");
    if (!encoded) return false;
    const nlohmann::json request = {{"type_name", m_type}, {"config", show(config)}};
    auto res = call(*encoded);
    if (!res) {
      m_rec.rpc_failed(step, rpc, res.failure(), request);
      return false;
    }
    if (!protocol::has_error(res->diagnostics)) {
      m_rec.mark_run();
      if (config.is_wholly_known()) m_rec.reached(CoverageStep::Validated);
      return true;
    }
    judge_refusal(config, res->diagnostics, step, rpc, request);
    return false;
  }

  /// Records error diagnostics for `config` as a rejection, judged for errors at unknowns, and
  /// keeps them for learning (while the recorder learns).
  void judge_refusal(const cty::Value& config, const protocol::Diagnostics& diagnostics, StepName step,
                     protocol::Rpc rpc, const nlohmann::json& request) {
    std::vector<cty::Path> at;
    for (const auto& d : diagnostics) {
      if (d.severity == protocol::Severity::Error && d.attribute) at.push_back(*d.attribute);
    }
    m_rec.judge(step, rpc, oracle::check_validate_diagnostics(config, at),
                {request, {{"diagnostics", describe_diagnostics(diagnostics)}}, &config, nullptr});
    m_rec.reject(rpc, diagnostics);
    m_rec.refused(config, diagnostics);
  }

  /// Decodes an answer value of this block; an undecodable one is judged here (nullopt).
  std::optional<Decoded> decode(const protocol::DynamicValue& value, const std::string& what, StepName step,
                                protocol::Rpc rpc, const nlohmann::json& request) {
    auto decoded = decode_value(m_implied, value, what);
    if (!decoded.value) {
      m_rec.judge(step, rpc, decoded.violations, {request, undecodable_bytes(value)});
      return std::nullopt;
    }
    return decoded;
  }

private:
  protocol::ProviderClient& m_client;
  std::string m_type;
  const schema::Block& m_block;
  cty::Type m_implied;
  CaseRecorder& m_rec;
};

/// A protocol Timestamp as a clock time.
inline std::chrono::system_clock::time_point time_of(const protocol::Timestamp& t) {
  return std::chrono::system_clock::time_point(std::chrono::duration_cast<std::chrono::system_clock::duration>(
      std::chrono::seconds(t.seconds) + std::chrono::nanoseconds(t.nanos)));
}

}  // namespace tfc::conformance
