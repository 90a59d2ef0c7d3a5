#include "runner/handshake.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "runner/text_excerpt.hpp"

namespace tfc::runner {
namespace {

std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\r\n\v\f";
  const auto first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(kSpace);
  return s.substr(first, last - first + 1);
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const auto bar = line.find('|', start);
    fields.push_back(line.substr(start, bar == std::string_view::npos ? bar : bar - start));
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  return fields;
}

std::optional<int> parse_small_int(std::string_view text) {
  int value = 0;
  if (text.empty() || text.size() > 9) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

Error field_error(std::string_view line, int field, std::string_view name, std::string_view got,
                  std::string_view expected) {
  return Error{"handshake line " + quote_excerpt(line, 120) + ": field " + std::to_string(field) + " (" +
               std::string(name) + ") is " + quote_excerpt(got, 80) + ", expected " + std::string(expected)};
}

std::string list_offered(std::span<const int> offered) {
  std::string out;
  for (const int v : offered) out += (out.empty() ? "" : " or ") + std::to_string(v);
  return out.empty() ? "(nothing offered)" : out;
}

tfc::Expected<void> check_tcp_address(std::string_view line, std::string_view address) {
  const auto colon = address.rfind(':');
  if (colon == std::string_view::npos || colon == 0) {
    return field_error(line, 4, "address", address, "host:port for network tcp");
  }
  const auto port = parse_small_int(address.substr(colon + 1));
  if (!port || *port < 1 || *port > 65535) {
    return field_error(line, 4, "address", address, "a port between 1 and 65535");
  }
  return {};
}

}  // namespace

std::string_view to_string(Network network) { return network == Network::Unix ? "unix" : "tcp"; }

tfc::Expected<std::string> repad_base64(std::string_view unpadded) {
  const bool alphabet_ok = std::all_of(unpadded.begin(), unpadded.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
  });
  if (!alphabet_ok) {
    return Error{"certificate field " + quote_excerpt(unpadded, 60) + " is not standard base64 without padding"};
  }
  // A final group of 1 character cannot encode a whole byte.
  if (unpadded.size() % 4 == 1) {
    return Error{"certificate field of " + std::to_string(unpadded.size()) +
                 " characters has an impossible base64 length"};
  }
  std::string padded(unpadded);
  padded.append((4 - padded.size() % 4) % 4, '=');
  return padded;
}

tfc::Expected<Handshake> parse_handshake_line(std::string_view raw, std::span<const int> offered) {
  const std::string_view line = trim(raw);
  if (line.empty()) {
    return Error{"handshake line is empty (read " + quote_excerpt(raw, 120) + ")"};
  }
  const auto fields = split_fields(line);
  if (fields.size() < 5 || fields.size() > 7) {
    return Error{"handshake line " + quote_excerpt(line, 120) + " has " + std::to_string(fields.size()) +
                 " '|'-separated fields, expected CORE|APP|NETWORK|ADDRESS|grpc|CERT[|MUX]"};
  }
  Handshake hs;
  if (fields[0] != "1") return field_error(line, 1, "core protocol version", fields[0], "1");

  const auto app = parse_small_int(fields[1]);
  if (!app || std::find(offered.begin(), offered.end(), *app) == offered.end()) {
    return field_error(line, 2, "app protocol version", fields[1], "an offered version: " + list_offered(offered));
  }
  hs.app_protocol = *app;

  if (fields[2] == "unix") {
    hs.network = Network::Unix;
  } else if (fields[2] == "tcp") {
    hs.network = Network::Tcp;
  } else {
    return field_error(line, 3, "network", fields[2], "\"unix\" or \"tcp\"");
  }

  if (fields[3].empty() || fields[3].find('\0') != std::string_view::npos) {
    return field_error(line, 4, "address", fields[3], "a socket path or host:port");
  }
  if (hs.network == Network::Tcp) {
    if (auto ok = check_tcp_address(line, fields[3]); !ok) return ok.error();
  }
  hs.address = std::string(fields[3]);

  if (fields[4] != "grpc") {
    return field_error(line, 5, "protocol", fields[4], "\"grpc\" (netrpc plugins are unsupported)");
  }

  if (fields.size() >= 6 && !fields[5].empty()) {
    // Go's client only takes the field as a certificate when it is longer than 50 characters.
    if (fields[5].size() <= 50) {
      return field_error(line, 6, "server certificate", fields[5], "empty or base64 DER longer than 50 characters");
    }
    auto padded = repad_base64(fields[5]);
    if (!padded) return with_context("handshake line field 6", padded.error());
    hs.server_cert_base64 = std::move(*padded);
  }

  if (fields.size() == 7) {
    if (fields[6] == "true") {
      hs.multiplexed = true;
    } else if (fields[6] != "false") {
      return field_error(line, 7, "multiplexing", fields[6], "\"true\" or \"false\"");
    }
  }
  return hs;
}

}  // namespace tfc::runner
