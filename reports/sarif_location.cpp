#include "reports/sarif_location.hpp"

#include <array>
#include <cctype>
#include <filesystem>

namespace tfc::report {

namespace {

constexpr std::array<std::string_view, 5> kPlaceholders = {"kind_dir", "short_type", "type", "kind", "provider"};

// A relative path as a URI reference: bytes other than the unreserved ones and '/' are
// percent-encoded (SARIF §3.10: artifactLocation.uri is a URI reference).
std::string uri_of_path(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    }
  }
  return out;
}

// Drops empty segments ("docs//index.md" -> "docs/index.md") and a leading "./".
std::string without_empty_segments(std::string_view path) {
  std::string out;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view segment = path.substr(start, end - start);
    if (!segment.empty() && segment != ".") out += (out.empty() ? "" : "/") + std::string(segment);
    start = end + 1;
  }
  return out;
}

}  // namespace

Expected<void> check_location_template(std::string_view location_template) {
  std::size_t at = 0;
  while ((at = location_template.find('{', at)) != std::string_view::npos) {
    const std::size_t close = location_template.find('}', at);
    if (close == std::string_view::npos)
      return Error{"--sarif-location '" + std::string(location_template) + "': '{' at " + std::to_string(at) +
                   " is never closed"};
    const std::string_view name = location_template.substr(at + 1, close - at - 1);
    bool known = false;
    for (const std::string_view p : kPlaceholders) known = known || p == name;
    if (!known)
      return Error{"--sarif-location '" + std::string(location_template) + "': unknown placeholder {" +
                   std::string(name) + "} (known: {kind_dir}, {short_type}, {type}, {kind}, {provider})"};
    at = close + 1;
  }
  if (location_template.empty()) return Error{"--sarif-location: the template is empty"};
  return {};
}

std::string_view docs_kind_dir(SuiteKind kind) {
  switch (kind) {
    case SuiteKind::provider: return "";
    case SuiteKind::resource: return "resources";
    case SuiteKind::data_source: return "data-sources";
    case SuiteKind::function: return "functions";
    case SuiteKind::ephemeral_resource: return "ephemeral-resources";
    case SuiteKind::list_resource: return "list-resources";
    case SuiteKind::action: return "actions";
  }
  return "resources";
}

std::string provider_short_name(std::string_view address) {
  const std::size_t slash = address.rfind('/');
  return std::string(slash == std::string_view::npos ? address : address.substr(slash + 1));
}

std::string short_type_name(const Suite& suite, std::string_view provider_name) {
  if (suite.kind == SuiteKind::provider) return "index";
  if (suite.kind == SuiteKind::function) return suite.name;
  const std::string prefix = std::string(provider_name) + "_";
  if (!provider_name.empty() && suite.name.size() > prefix.size() && suite.name.starts_with(prefix))
    return suite.name.substr(prefix.size());
  const std::size_t underscore = suite.name.find('_');
  if (underscore == std::string::npos || underscore + 1 == suite.name.size()) return suite.name;
  return suite.name.substr(underscore + 1);
}

std::string expand_location(std::string_view location_template, const Suite& suite, std::string_view provider_name) {
  std::string out;
  std::size_t at = 0;
  while (at < location_template.size()) {
    const std::size_t open = location_template.find('{', at);
    const std::size_t close = open == std::string_view::npos ? open : location_template.find('}', open);
    if (close == std::string_view::npos) {
      out += location_template.substr(at);
      break;
    }
    out += location_template.substr(at, open - at);
    const std::string_view name = location_template.substr(open + 1, close - open - 1);
    if (name == "kind_dir")
      out += docs_kind_dir(suite.kind);
    else if (name == "short_type")
      out += short_type_name(suite, provider_name);
    else if (name == "type")
      out += suite.kind == SuiteKind::provider ? "index" : suite.name;
    else if (name == "kind")
      out += to_string(suite.kind);
    else if (name == "provider")
      out += provider_name;
    else
      out += location_template.substr(open, close - open + 1);  // check_location_template refuses these
    at = close + 1;
  }
  return uri_of_path(without_empty_segments(out));
}

std::optional<SarifLocation> example_location(const Suite& suite, std::string_view examples_dir) {
  if (examples_dir.empty() || !suite.example || suite.example->source.empty()) return std::nullopt;
  const std::string& source = suite.example->source;
  const std::size_t colon = source.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == source.size()) return std::nullopt;
  int line = 0;
  for (std::size_t i = colon + 1; i < source.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(source[i])) || line > 100000000) return std::nullopt;
    line = line * 10 + (source[i] - '0');
  }
  if (line < 1) return std::nullopt;
  const std::filesystem::path dir = std::filesystem::path(examples_dir).lexically_normal();
  std::string prefix;
  if (dir.is_relative()) {
    bool climbs = false;
    for (const auto& part : dir) climbs = climbs || part == "..";
    if (!climbs) prefix = dir.generic_string();
  }
  return SarifLocation{uri_of_path(without_empty_segments(prefix + "/" + source.substr(0, colon))), line};
}

}  // namespace tfc::report
