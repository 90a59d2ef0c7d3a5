// ResourceDriver's imports: ImportResourceState by id and by identity, judged for the objects
// it returns (000 §ImportResourceState).
#include "conformance/core/diagnostics_text.hpp"
#include "conformance/play/resource_driver.hpp"

#include "conformance/core/client_capabilities.hpp"
#include "conformance/core/value_io.hpp"
#include "conformance/play/decoded_answer.hpp"
#include "oracle/deferral_rules.hpp"
#include "oracle/identity_rules.hpp"
#include "oracle/state_checks.hpp"

namespace tfc::conformance {

using driver::raw_bytes;
using protocol::Rpc;
using protocol::rpc_name;

std::optional<std::vector<LiveObject>> ResourceDriver::import(const std::string& id, StepName step) {
  protocol::ImportResourceStateRequest req;
  req.type_name = m_type;
  req.id = id;
  req.client_capabilities = m_rec.client_capabilities();
  return import_with(req, {{"type_name", m_type}, {"id", id}}, step, {});
}

std::optional<LiveObject> ResourceDriver::import_identity(const cty::Value& identity, StepName step) {
  protocol::ImportResourceStateRequest req;
  req.type_name = m_type;
  req.client_capabilities = m_rec.client_capabilities();
  req.identity = encode_identity(identity);
  if (!req.identity) return std::nullopt;
  const nlohmann::json request = {{"type_name", m_type}, {"identity", show_identity(identity)}};
  // Judged with the import answer: the object must come back with this very identity.
  auto judge_identity_of = [&](const LiveObject& object) {
    auto v =
        oracle::check_identity_present(object.identity.has_value(), "import.identity_missing", "the imported object");
    if (object.identity && v.empty()) v = oracle::check_import_identity(m_identity_block, identity, *object.identity);
    return v;
  };
  auto imported = import_with(req, request, step, judge_identity_of);
  if (!imported || imported->size() != 1) return std::nullopt;
  return imported->front();
}

std::optional<std::vector<LiveObject>> ResourceDriver::import_with(
    const protocol::ImportResourceStateRequest& req, const nlohmann::json& request, StepName step,
    const std::function<oracle::Violations(const LiveObject&)>& also) {
  if (lost()) return std::nullopt;
  m_import_refusal.clear();
  auto res = m_client.import_resource_state(req);
  if (!res) {
    m_rec.rpc_failed(step, Rpc::ImportResourceState, res.failure(), request);
    return std::nullopt;
  }
  if (res->deferred) {
    // Ahead of the diagnostics: terraform-plugin-go adds an error to a disallowed deferral.
    m_rec.judge(step, Rpc::ImportResourceState,
                oracle::check_deferred(rpc_name(Rpc::ImportResourceState), req.client_capabilities.deferral_allowed,
                                       static_cast<int>(res->deferred->reason)),
                {request, {{"diagnostics", describe_diagnostics(res->diagnostics)}}});
    return std::nullopt;
  }
  if (protocol::has_error(res->diagnostics)) {
    m_rec.reject(Rpc::ImportResourceState, res->diagnostics);
    for (const auto& d : res->diagnostics)
      if (d.severity == protocol::Severity::Error) m_import_refusal += d.summary + "\n" + d.detail + "\n";
    return std::nullopt;
  }
  std::vector<oracle::ImportedObject> judged;
  std::vector<LiveObject> out;
  oracle::Violations decoding;
  for (const auto& imported : res->imported_resources) {
    // Another type's object is decoded with its own schema; the suite only follows its own.
    if (imported.type_name != m_type && !imported.type_name.empty()) {
      judged.push_back({imported.type_name, cty::Value::null(cty::Type::dynamic())});
      continue;
    }
    auto decoded = decode_value(m_implied, imported.state, "imported state");
    if (!decoded.value) {
      m_rec.judge(step, Rpc::ImportResourceState, decoded.violations, {request, raw_bytes(imported.state)});
      return std::nullopt;
    }
    decoding.insert(decoding.end(), decoded.violations.begin(), decoded.violations.end());
    judged.push_back({imported.type_name, *decoded.value});
    LiveObject object{*decoded.value, imported.private_data};
    if (has_identity()) {
      object.identity = decode_identity(imported.identity, decoding);
      if (object.identity) {
        auto v = oracle::check_identity_value(m_identity_block, *object.identity, false, "the imported identity");
        decoding.insert(decoding.end(), v.begin(), v.end());
      }
    }
    auto write_only =
        oracle::check_write_only_null(block(), object.state, "import.write_only_not_null", "the imported state");
    decoding.insert(decoding.end(), write_only.begin(), write_only.end());
    out.push_back(std::move(object));
  }
  // A non-null, typed object is what the suite goes on with; check_import judges the rest.
  auto checked = oracle::check_import(judged, false);
  decoding.insert(decoding.end(), std::make_move_iterator(checked.begin()), std::make_move_iterator(checked.end()));
  if (also && out.size() == 1 && !oracle::has_errors(decoding)) {
    auto more = also(out.front());
    decoding.insert(decoding.end(), more.begin(), more.end());
  }
  m_rec.judge_lazily(step, Rpc::ImportResourceState, decoding, [&] {
    nlohmann::json shown = nlohmann::json::array();
    for (std::size_t i = 0; i < judged.size(); ++i) {
      const auto& j = judged[i];
      nlohmann::json entry = {{"type_name", j.type_name}};
      if (j.type_name == m_type || j.type_name.empty()) entry["state"] = show(j.state);
      shown.push_back(std::move(entry));
    }
    for (std::size_t i = 0; i < out.size() && i < shown.size(); ++i) {
      if (out[i].identity) shown[i]["identity"] = show_identity(out[i].identity);
    }
    return StepValues{request, {{"imported_resources", shown}}};
  });
  return out;
}

}  // namespace tfc::conformance
