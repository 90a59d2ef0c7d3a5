// libFuzzer target: cty JSON decoding (DynamicValue.json, raw state; docs/protocol.md §3.5-§3.6).
// Input: one byte choosing the type (fuzz_types.hpp), then the JSON text. A wholly known
// value that decodes must encode again, and decoding that encoding must give a raw-equal
// value; the same value must also survive a msgpack round trip (the two codecs agree).

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "proto/cty/json.hpp"
#include "proto/cty/msgpack.hpp"
#include "tests/fuzz/fuzz_types.hpp"

namespace {

void json_round_trip(const tfc::cty::Value& decoded, const tfc::cty::Type& type) {
  using namespace tfc;
  auto encoded = cty::json_encode(decoded, type);
  if (!encoded) fuzz::finding("json_encode of a decoded value failed", encoded.error().message);
  auto again = cty::json_decode(*encoded, type);
  if (!again)
    fuzz::finding("json_decode of json_encode output failed", again.error().message + "\n  text: " + *encoded);
  if (!raw_equals(decoded, *again)) fuzz::round_trip_mismatch("json", decoded, *again);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tfc;
  if (size < 1) return 0;
  const auto& types = fuzz::value_types();
  const cty::Type& type = types[data[0] % types.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  auto decoded = cty::json_decode(text, type);
  if (!decoded) return 0;
  if (!decoded->conforms_to(type)) fuzz::finding("json_decode", "decoded value does not conform to its type");
  // json_encode fails on unknowns (JSON cannot carry them; the decoder never makes any) and
  // on infinities, which the decoder accepts as "Inf" strings as go-cty does: msgpack only.
  if (!decoded->is_wholly_known()) return 0;
  if (!fuzz::has_infinity(*decoded)) json_round_trip(*decoded, type);

  auto packed = cty::msgpack_encode(*decoded, type);
  if (!packed) fuzz::finding("msgpack_encode of a JSON-decoded value failed", packed.error().message);
  auto unpacked = cty::msgpack_decode(*packed, type);
  if (!unpacked) fuzz::finding("msgpack_decode of msgpack_encode output failed", unpacked.error().message);
  if (!raw_equals(*decoded, *unpacked)) fuzz::round_trip_mismatch("json→msgpack", *decoded, *unpacked);
  return 0;
}
