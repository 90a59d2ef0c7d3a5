// Provider function calls as Terraform makes them (README.md §5.6; tfplugin6.proto CallFunction):
// one DynamicValue per argument, each typed by its parameter (variadic ones by the variadic
// parameter); errors arrive as a FunctionError, not as diagnostics.
#include "conformance/play/family_play.hpp"

#include "conformance/core/value_io.hpp"
#include "oracle/function_rules.hpp"

namespace tfc::conformance {

using protocol::Rpc;
using protocol::rpc_name;
namespace {

struct Call {
  std::optional<cty::Value> result;  // when the call answered with a decodable result
  bool error = false;
};

nlohmann::json shown_arguments(const std::vector<cty::Value>& arguments) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& a : arguments) out.push_back(a.to_display());
  return out;
}

class FunctionCaller {
public:
  FunctionCaller(protocol::ProviderClient& client, std::string name, const oracle::FunctionSignature& signature,
                 CaseRecorder& rec)
      : m_client(client), m_name(std::move(name)), m_signature(signature), m_rec(rec) {}

  /// One CallFunction, judged by check_function_answer; `known` says whether every argument is.
  std::optional<Call> call(const std::vector<cty::Value>& arguments, StepName step) {
    if (m_rec.outcome().provider_lost) return std::nullopt;
    protocol::CallFunctionRequest req;
    req.name = m_name;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
      const auto* p = m_signature.parameter_for(i);
      auto encoded = encode_value(p != nullptr ? p->type : arguments[i].type(), arguments[i]);
      if (!encoded) {
        m_rec.outcome().harness_error = "encoding argument " + std::to_string(i) + ": " + encoded.error().message;
        return std::nullopt;
      }
      req.arguments.push_back(std::move(*encoded));
    }
    const nlohmann::json request = {{"name", m_name}, {"arguments", shown_arguments(arguments)}};
    auto res = m_client.call_function(req);
    if (!res) {
      m_rec.rpc_failed(step, Rpc::CallFunction, res.failure(), request);
      return std::nullopt;
    }
    oracle::FunctionAnswer answer;
    answer.result_set = !res->result.empty();
    answer.error = res->error.has_value();
    if (res->error) answer.error_argument = res->error->function_argument;
    oracle::Violations violations;
    nlohmann::json response = nlohmann::json::object();
    if (answer.result_set && !answer.error) {
      auto decoded = decode_value(m_signature.return_type, res->result, "function result");
      violations = decoded.violations;
      if (decoded.value) {
        answer.result = decoded.value;
        response["result"] = decoded.value->to_display();
      }
    }
    if (res->error) {
      response["error"] = res->error->text;
      if (res->error->function_argument) response["function_argument"] = *res->error->function_argument;
    }
    bool known = true;
    for (const auto& a : arguments) known = known && a.is_wholly_known();
    auto checked = oracle::check_function_answer(arguments.size(), known, answer);
    violations.insert(violations.end(), checked.begin(), checked.end());
    m_rec.judge_lazily(step, Rpc::CallFunction, violations, [&] { return StepValues{request, response}; });
    if (oracle::has_errors(violations)) return std::nullopt;
    if (answer.error) {
      m_rec.reject(std::string(rpc_name(Rpc::CallFunction)) + ": " + res->error->text);
      return Call{std::nullopt, true};
    }
    return Call{answer.result, false};
  }

  void judge_pair(StepName step, const oracle::Violations& v, const cty::Value& expected, const cty::Value& actual) {
    m_rec.judge_lazily(step, Rpc::CallFunction, v, [&] {
      return StepValues{{{"name", m_name}},
                        {{"result", actual.to_display()}, {"earlier_result", expected.to_display()}}};
    });
  }

private:
  protocol::ProviderClient& m_client;
  std::string m_name;
  const oracle::FunctionSignature& m_signature;
  CaseRecorder& m_rec;
};

}  // namespace

CaseOutcome play_case(protocol::ProviderClient& client, const std::string& name, const schema::Schema&,
                      const FunctionCase& c, const PlayOptions& options) {
  CaseOutcome out;
  static const schema::Block kNoBlock;
  CaseRecorder rec(name, kNoBlock, out);
  record_as(rec, options);
  rec.scenario("call");
  if (options.provider == nullptr || !options.provider->functions.contains(name)) {
    out.harness_error = "the provider schema has no function " + name;
    return out;
  }
  auto signature = oracle::function_signature_from_json(options.provider->functions.at(name));
  if (!signature) {
    // GetProviderSchema judges the signature (function.invalid_signature); nothing to call.
    out.harness_error = "function " + name + " has a signature tfconform cannot read: " + signature.error().message;
    return out;
  }
  FunctionCaller caller(client, name, *signature, rec);
  auto first = caller.call(c.arguments, "call");
  if (first && !first->error && first->result) {
    out.planned = true;
    rec.reached(CoverageStep::Called);
    rec.scenario("repeat");
    if (auto again = caller.call(c.arguments, "call again"); again && !again->error && again->result) {
      caller.judge_pair("call again", oracle::check_function_repeat(*first->result, *again->result), *first->result,
                        *again->result);
    }
    if (!c.with_unknowns.empty() && !out.has_error_finding()) {
      rec.scenario("unknown arguments");
      if (auto unknown = caller.call(c.with_unknowns, "call with unknowns");
          unknown && !unknown->error && unknown->result) {
        caller.judge_pair(
            "call with unknowns",
            oracle::check_unknown_argument_result(signature->return_type, *unknown->result, *first->result),
            *first->result, *unknown->result);
      }
    }
  }
  rec.finish();
  return out;
}

}  // namespace tfc::conformance
