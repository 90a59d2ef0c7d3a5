// libFuzzer target: the go-plugin handshake line, the first thing a launched plugin prints
// (runner/handshake.hpp, README §2.2). Input: the line. parse_handshake_line must never
// crash, and what it accepts must satisfy the documented postconditions; repad_base64 is fed
// the same bytes.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "runner/handshake.hpp"
#include "tests/fuzz/fuzz_types.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tfc;
  const std::string_view line(reinterpret_cast<const char*>(data), size);

  auto hs = runner::parse_handshake_line(line);
  if (hs) {
    if (hs->core_version != 1) fuzz::finding("handshake", "accepted core version " + std::to_string(hs->core_version));
    if (hs->app_protocol != 5 && hs->app_protocol != 6) {
      fuzz::finding("handshake", "accepted app protocol " + std::to_string(hs->app_protocol));
    }
    if (hs->address.empty()) fuzz::finding("handshake", "accepted an empty address");
    if (hs->server_cert_base64.size() % 4 != 0) fuzz::finding("handshake", "certificate not re-padded");
  } else if (hs.error().message.empty()) {
    fuzz::finding("handshake", "error without a message");
  }
  // Only protocol 5 offered: a 6 in the line must be refused.
  static constexpr int kOnlyFive[] = {5};
  auto five = runner::parse_handshake_line(line, kOnlyFive);
  if (five && five->app_protocol != 5) fuzz::finding("handshake", "accepted a protocol that was not offered");

  auto padded = runner::repad_base64(line);
  if (padded && padded->size() % 4 != 0) fuzz::finding("repad_base64", "result length not a multiple of 4");
  return 0;
}
