#include "runner/reattach.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>

#include "runner/text_excerpt.hpp"

namespace tfc::runner {
namespace {

using Json = nlohmann::json;

Error field_error(const std::string& key, std::string_view field, const std::string& problem) {
  return Error{std::string(kReattachEnvVar) + ": " + quote_excerpt(key, 100) + ": " + std::string(field) + ": " +
               problem};
}

// The JSON text of a value (ASCII-only, so printable), cut to a readable length.
std::string shown(const Json& value) {
  std::string text = value.dump(-1, ' ', true, Json::error_handler_t::replace);
  if (text.size() > 60) text = text.substr(0, 60) + "...";
  return text;
}

tfc::Expected<ReattachTarget> parse_entry(const std::string& key, const Json& entry) {
  if (key.empty()) return Error{std::string(kReattachEnvVar) + ": empty provider address key"};
  if (!entry.is_object()) return field_error(key, "(entry)", "expected an object, got " + shown(entry));
  ReattachTarget target;
  target.provider = key;

  const auto protocol = entry.find("Protocol");
  if (protocol == entry.end() || !protocol->is_string() || *protocol != "grpc") {
    return field_error(
        key, "Protocol",
        "expected \"grpc\", got " + (protocol == entry.end() ? std::string("nothing") : shown(*protocol)));
  }

  if (const auto version = entry.find("ProtocolVersion"); version != entry.end()) {
    if (!version->is_number_integer() || (*version != 0 && *version != 5 && *version != 6)) {
      return field_error(key, "ProtocolVersion", "expected 0, 5 or 6, got " + shown(*version));
    }
    target.protocol_version = *version == 0 ? 5 : version->get<int>();
  }

  if (const auto pid = entry.find("Pid"); pid != entry.end()) {
    if (!pid->is_number_integer() || pid->get<long long>() < 0) {
      return field_error(key, "Pid", "expected a non-negative integer, got " + shown(*pid));
    }
    target.pid = pid->get<long long>();
  }

  if (const auto test = entry.find("Test"); test != entry.end()) {
    if (!test->is_boolean()) return field_error(key, "Test", "expected a boolean, got " + shown(*test));
    target.test = test->get<bool>();
  }

  const auto addr = entry.find("Addr");
  if (addr == entry.end() || !addr->is_object()) {
    return field_error(
        key, "Addr",
        "expected an object {Network, String}, got " + (addr == entry.end() ? std::string("nothing") : shown(*addr)));
  }
  const auto network = addr->find("Network");
  if (network != addr->end() && *network == "unix") {
    target.network = Network::Unix;
  } else if (network != addr->end() && *network == "tcp") {
    target.network = Network::Tcp;
  } else {
    return field_error(
        key, "Addr.Network",
        "expected \"unix\" or \"tcp\", got " + (network == addr->end() ? std::string("nothing") : shown(*network)));
  }
  const auto address = addr->find("String");
  if (address == addr->end() || !address->is_string() || address->get_ref<const std::string&>().empty()) {
    return field_error(key, "Addr.String",
                       "expected a non-empty socket path or host:port, got " +
                           (address == addr->end() ? std::string("nothing") : shown(*address)));
  }
  target.address = address->get<std::string>();
  return target;
}

}  // namespace

Handshake ReattachTarget::to_handshake() const {
  Handshake hs;
  hs.app_protocol = protocol_version;
  hs.network = network;
  hs.address = address;
  return hs;
}

tfc::Expected<std::vector<ReattachTarget>> parse_reattach_providers(std::string_view json) {
  const auto root = Json::parse(json.begin(), json.end(), nullptr, false);
  if (root.is_discarded()) {
    return Error{std::string(kReattachEnvVar) + ": not valid JSON: " + quote_excerpt(json, 120)};
  }
  if (!root.is_object()) {
    return Error{std::string(kReattachEnvVar) + ": expected a JSON object of provider " + "addresses, got " +
                 shown(root)};
  }
  std::vector<ReattachTarget> targets;
  for (const auto& [key, entry] : root.items()) {
    TFC_TRY(target, parse_entry(key, entry));
    targets.push_back(std::move(target));
  }
  return targets;
}

tfc::Expected<std::vector<ReattachTarget>> reattach_providers_from_env() {
  const char* value = std::getenv(std::string(kReattachEnvVar).c_str());
  if (value == nullptr || *value == '\0') return std::vector<ReattachTarget>{};
  return parse_reattach_providers(value);
}

}  // namespace tfc::runner
