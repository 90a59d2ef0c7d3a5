#include "generators/learning/format_values.hpp"

#include <string>

#include "generators/learning/message_text.hpp"
#include "generators/learning/text_scan.hpp"

namespace tfc::gen::learning {
namespace {

using nlohmann::json;

// Policy documents as JSON text: a trust policy (who may assume a role) and a permissions one.
const char* kTrustPolicy =
    R"({"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]})";
const char* kPermissionsPolicy =
    R"({"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]})";
const char* kResourcePolicy =
    R"({"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::123456789012:root"},"Action":"s3:GetObject","Resource":"*"}]})";

struct ArnShape {
  const char* word;  // a word of the attribute's name
  const char* arn;
};

// ARNs by the kind of object the attribute's name mentions; the first match comes first.
const ArnShape kArns[] = {
    {"role", "arn:aws:iam::123456789012:role/tfconform-role"},
    {"policy", "arn:aws:iam::aws:policy/ReadOnlyAccess"},
    {"user", "arn:aws:iam::123456789012:user/tfconform-user"},
    {"group", "arn:aws:iam::123456789012:group/tfconform-group"},
    {"profile", "arn:aws:iam::123456789012:instance-profile/tfconform-profile"},
    {"topic", "arn:aws:sns:us-east-1:123456789012:tfconform-topic"},
    {"sns", "arn:aws:sns:us-east-1:123456789012:tfconform-topic"},
    {"queue", "arn:aws:sqs:us-east-1:123456789012:tfconform-queue"},
    {"sqs", "arn:aws:sqs:us-east-1:123456789012:tfconform-queue"},
    {"bucket", "arn:aws:s3:::tfconform-bucket"},
    {"s3", "arn:aws:s3:::tfconform-bucket"},
    {"kms", "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"},
    {"key", "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"},
    {"function", "arn:aws:lambda:us-east-1:123456789012:function:tfconform"},
    {"lambda", "arn:aws:lambda:us-east-1:123456789012:function:tfconform"},
    {"certificate", "arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012"},
    {"log", "arn:aws:logs:us-east-1:123456789012:log-group:tfconform"},
    {"stream", "arn:aws:kinesis:us-east-1:123456789012:stream/tfconform"},
    {"secret", "arn:aws:secretsmanager:us-east-1:123456789012:secret:tfconform-AbCdEf"},
    {"vpc", "arn:aws:ec2:us-east-1:123456789012:vpc/vpc-0123456789abcdef0"},
    {"subnet", "arn:aws:ec2:us-east-1:123456789012:subnet/subnet-0123456789abcdef0"},
    {"table", "arn:aws:dynamodb:us-east-1:123456789012:table/tfconform"},
    {"state_machine", "arn:aws:states:us-east-1:123456789012:stateMachine:tfconform"},
    {"event", "arn:aws:events:us-east-1:123456789012:rule/tfconform"},
};

std::vector<json> arns_for(std::string_view lower_name) {
  std::vector<json> out;
  auto add = [&](const char* arn) {
    for (const auto& o : out) {
      if (o == arn) return;
    }
    out.emplace_back(arn);
  };
  for (const auto& shape : kArns) {
    if (has(lower_name, shape.word)) add(shape.arn);
  }
  // Then a few common shapes, so a refused first guess has successors.
  add("arn:aws:iam::123456789012:role/tfconform-role");
  add("arn:aws:s3:::tfconform-bucket");
  add("arn:aws:sns:us-east-1:123456789012:tfconform-topic");
  return out;
}

std::vector<json> json_for(std::string_view lower_name) {
  if (has(lower_name, "assume_role") || has(lower_name, "trust")) return {kTrustPolicy, kPermissionsPolicy};
  if (has(lower_name, "bucket") || has(lower_name, "resource_policy") || has(lower_name, "access_policy"))
    return {kResourcePolicy, kPermissionsPolicy};
  if (has(lower_name, "policy")) return {kPermissionsPolicy, kTrustPolicy, kResourcePolicy};
  return {R"({"key":"value"})", "{}", "[]", R"({"Version":"2012-10-17","Statement":[]})"};
}

}  // namespace

std::string_view to_string(Format format) noexcept {
  switch (format) {
    case Format::Json: return "JSON";
    case Format::Cidr: return "CIDR block";
    case Format::Ipv4Cidr: return "IPv4 CIDR block";
    case Format::Ipv6Cidr: return "IPv6 CIDR block";
    case Format::IpAddress: return "IP address";
    case Format::Ipv4Address: return "IPv4 address";
    case Format::Ipv6Address: return "IPv6 address";
    case Format::Arn: return "ARN";
    case Format::Url: return "URL";
    case Format::Email: return "e-mail address";
    case Format::Rfc3339: return "RFC 3339 time";
    case Format::Date: return "date";
    case Format::Duration: return "duration";
    case Format::FileMode: return "octal file mode";
    case Format::Base64: return "base64";
    case Format::Hex: return "hexadecimal";
    case Format::Uuid: return "UUID";
    case Format::Port: return "port number";
    case Format::MacAddress: return "MAC address";
    case Format::Region: return "region";
    case Format::FilePath: return "file path";
    case Format::ExistingFile: return "existing file";
  }
  return "format";
}

std::optional<Format> format_in_text(std::string_view text) {
  const std::string t = lowercase(text);
  if (has(t, "no such file or directory") || has(t, "file does not exist")) return Format::ExistingFile;
  if (contains_word(t, "json")) return Format::Json;
  if (has(t, "cidr")) {
    if (has(t, "ipv6")) return Format::Ipv6Cidr;
    if (has(t, "ipv4")) return Format::Ipv4Cidr;
    return Format::Cidr;
  }
  if (contains_word(t, "arn") || contains_word(t, "arns")) return Format::Arn;
  if (has(t, "mac address")) return Format::MacAddress;
  if (has(t, "ipv6")) return Format::Ipv6Address;
  if (has(t, "ipv4")) return Format::Ipv4Address;
  if (has(t, "ip address") || contains_word(t, "ip")) return Format::IpAddress;
  if (has(t, "rfc3339") || has(t, "rfc 3339") || has(t, "rfc-3339") || has(t, "iso 8601") || has(t, "iso8601") ||
      contains_word(t, "timestamp"))
    return Format::Rfc3339;
  if (has(t, "e-mail") || contains_word(t, "email")) return Format::Email;
  if (contains_word(t, "url") || contains_word(t, "uri") || contains_word(t, "urls")) return Format::Url;
  if (contains_word(t, "uuid") || contains_word(t, "guid")) return Format::Uuid;
  if (has(t, "base64")) return Format::Base64;
  if (has(t, "octal") || has(t, "file mode") || has(t, "file permission") ||
      (contains_word(t, "mode") && has(t, "digit")))
    return Format::FileMode;
  if (has(t, "hexadecimal") || contains_word(t, "hex")) return Format::Hex;
  if (contains_word(t, "duration")) return Format::Duration;
  if (has(t, "port number") || contains_word(t, "port")) return Format::Port;
  if (has(t, "yyyy-mm-dd") || contains_word(t, "date")) return Format::Date;
  if (contains_word(t, "region")) return Format::Region;
  return std::nullopt;
}

std::vector<json> format_candidates(Format format, std::string_view name) {
  const std::string n = lowercase(name);
  switch (format) {
    case Format::Json: return json_for(n);
    case Format::Cidr:
    case Format::Ipv4Cidr: return {"10.0.0.0/16", "10.0.1.0/24", "192.168.0.0/24", "172.16.0.0/12"};
    case Format::Ipv6Cidr: return {"2001:db8::/56", "2001:db8:1234::/64", "fd00::/8"};
    case Format::IpAddress: return {"10.0.0.10", "192.168.1.10", "2001:db8::10"};
    case Format::Ipv4Address: return {"10.0.0.10", "192.168.1.10", "172.16.0.5"};
    case Format::Ipv6Address: return {"2001:db8::10", "fd00::10"};
    case Format::Arn: return arns_for(n);
    case Format::Url: return {"https://example.com", "https://example.com/path", "http://example.com:8080/"};
    case Format::Email: return {"user@example.com", "admin@example.org"};
    case Format::Rfc3339: return {"2024-01-02T03:04:05Z", "2030-06-30T12:00:00Z", "2024-01-02T03:04:05+02:00"};
    case Format::Date: return {"2024-01-02", "2030-12-31"};
    // Short: a duration may be waited out (a sleep resource) in every create and destroy, so a
    // suite of 25 cases stays within seconds; 0s is the edge value.
    case Format::Duration: return {"500ms", "250ms", "100ms", "0s"};
    case Format::FileMode: return {"0644", "0755", "0600", "0777"};
    case Format::Base64: return {"aGVsbG8=", "dGZjb25mb3Jt"};
    case Format::Hex: return {"deadbeef", "0123456789abcdef"};
    case Format::Uuid: return {"123e4567-e89b-12d3-a456-426614174000", "9b2c6f1e-3d4a-4c5b-8e7f-0a1b2c3d4e5f"};
    case Format::Port: return {443, 8080, 22};
    case Format::MacAddress: return {"02:00:00:00:00:01", "0a:1b:2c:3d:4e:5f"};
    case Format::Region: return {"us-east-1", "us-west-2", "eu-west-1"};
    case Format::FilePath: return {"tfconform-a.txt", "tfconform-dir/b.txt"};
    case Format::ExistingFile: return {"/etc/hostname", "/etc/hosts"};
  }
  return {};
}

}  // namespace tfc::gen::learning
