// libFuzzer target: cty msgpack decoding of untrusted provider bytes (docs/protocol.md §3.3-§3.4).
// Input: one byte choosing the type (fuzz_types.hpp), then the msgpack bytes. A value that
// decodes must encode again, and decoding that encoding must give a raw-equal value (or, when
// a string-prefix refinement over 256 bytes was cut on encode, a value stable from there on).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "proto/cty/msgpack.hpp"
#include "tests/fuzz/fuzz_types.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tfc;
  if (size < 1) return 0;
  const auto& types = fuzz::value_types();
  const cty::Type& type = types[data[0] % types.size()];
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);

  auto decoded = cty::msgpack_decode(bytes, type);
  if (!decoded) return 0;
  if (!decoded->conforms_to(type)) fuzz::finding("msgpack_decode", "decoded value does not conform to its type");
  auto encoded = cty::msgpack_encode(*decoded, type);
  if (!encoded) fuzz::finding("msgpack_encode of a decoded value failed", encoded.error().message);
  auto again = cty::msgpack_decode(*encoded, type);
  if (!again) fuzz::finding("msgpack_decode of msgpack_encode output failed", again.error().message);
  if (raw_equals(*decoded, *again)) return 0;
  if (!fuzz::has_long_prefix(*decoded)) fuzz::round_trip_mismatch("msgpack", *decoded, *again);
  // A string prefix longer than 256 bytes was cut on encode (documented, as go-cty): from
  // there on the value must be stable.
  auto encoded2 = cty::msgpack_encode(*again, type);
  if (!encoded2) fuzz::finding("msgpack_encode of a re-decoded value failed", encoded2.error().message);
  auto again2 = cty::msgpack_decode(*encoded2, type);
  if (!again2) fuzz::finding("msgpack_decode of msgpack_encode output failed", again2.error().message);
  if (!raw_equals(*again, *again2)) fuzz::round_trip_mismatch("msgpack (after prefix cut)", *again, *again2);
  return 0;
}
