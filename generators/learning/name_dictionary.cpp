#include "generators/learning/name_dictionary.hpp"

#include "generators/learning/message_text.hpp"
#include "generators/learning/rule_hints.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
bool starts_with(std::string_view s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

std::optional<Format> string_format(std::string_view n) {
  // References to other objects are names or ids, whatever else the name mentions.
  const bool reference = ends_with(n, "_name") || ends_with(n, "_id") || ends_with(n, "_ids") || ends_with(n, "_names");
  if (ends_with(n, "_arn") || ends_with(n, "_arns") || n == "arn" || n == "arns") return Format::Arn;
  if (ends_with(n, "_json") || n == "json") return Format::Json;
  if (!reference &&
      (n == "policy" || ends_with(n, "_policy") || starts_with(n, "policy_document") || ends_with(n, "_document")))
    return Format::Json;
  if (has(n, "cidr")) return has(n, "ipv6") ? Format::Ipv6Cidr : Format::Cidr;
  if (has(n, "mac_address")) return Format::MacAddress;
  if (n == "ip" || n == "ip_address" || ends_with(n, "_ip") || ends_with(n, "_ip_address") || ends_with(n, "_ips") ||
      has(n, "ip_addresses"))
    return has(n, "ipv6") ? Format::Ipv6Address : Format::IpAddress;
  if (has(n, "ipv6_address")) return Format::Ipv6Address;
  if (has(n, "ipv4_address")) return Format::Ipv4Address;
  if (n == "region" || ends_with(n, "_region")) return Format::Region;
  if (n == "email" || ends_with(n, "_email") || starts_with(n, "email_")) return Format::Email;
  if (n == "url" || ends_with(n, "_url") || ends_with(n, "_uri") || n == "uri" || n == "endpoint" ||
      ends_with(n, "_endpoint") || ends_with(n, "_urls"))
    return Format::Url;
  if (ends_with(n, "_permission") || ends_with(n, "_permissions") || n == "mode" || ends_with(n, "_mode_octal"))
    return Format::FileMode;
  if (has(n, "rfc3339") || ends_with(n, "_timestamp") || n == "timestamp" || ends_with(n, "_time") ||
      ends_with(n, "_at"))
    return Format::Rfc3339;
  if (ends_with(n, "_date") || n == "date") return Format::Date;
  if (n == "duration" || ends_with(n, "_duration") || n == "ttl" || ends_with(n, "_timeout") || n == "timeout")
    return Format::Duration;
  if (has(n, "base64")) return Format::Base64;
  if (n == "uuid" || ends_with(n, "_uuid") || n == "guid") return Format::Uuid;
  if (n == "port" || ends_with(n, "_port")) return Format::Port;
  if (n == "filename" || ends_with(n, "_filename") || n == "file" || ends_with(n, "_file") || n == "path" ||
      ends_with(n, "_path") || n == "file_path")
    return Format::FilePath;
  if (ends_with(n, "_hex") || ends_with(n, "_sha256") || ends_with(n, "_md5") || ends_with(n, "_sha1"))
    return Format::Hex;
  return std::nullopt;
}

}  // namespace

std::optional<Format> format_for_name(std::string_view name, const cty::Type& type) {
  const std::string n = lowercase(name);
  const cty::Kind kind = leaf_kind(type);
  if (kind == cty::Kind::Number) {
    if (n == "port" || ends_with(n, "_port") || starts_with(n, "port_")) return Format::Port;
    return std::nullopt;
  }
  if (kind != cty::Kind::String) return std::nullopt;
  return string_format(n);
}

}  // namespace tfc::gen::learning
