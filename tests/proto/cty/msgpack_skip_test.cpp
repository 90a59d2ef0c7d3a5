// is_well_formed_msgpack: one whole msgpack object of any format, and nothing else (garbage,
// a cut, trailing bytes, nesting past kMaxDepth).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proto/cty/msgpack.hpp"

namespace tfc::cty {
namespace {

std::string bytes(std::initializer_list<int> b) {
  std::string out;
  for (int c : b) out.push_back(static_cast<char>(c));
  return out;
}

// One object of every msgpack format family (the spec's format table), smallest payloads.
std::vector<std::pair<std::string, std::string>> every_format() {
  return {
      {"positive fixint", bytes({0x07})},
      {"negative fixint", bytes({0xff})},
      {"fixmap", bytes({0x81, 0xa1, 'a', 0x01})},
      {"fixarray", bytes({0x92, 0x01, 0xc0})},
      {"fixstr", bytes({0xa2, 'h', 'i'})},
      {"nil", bytes({0xc0})},
      {"false", bytes({0xc2})},
      {"true", bytes({0xc3})},
      {"bin 8", bytes({0xc4, 0x01, 0x00})},
      {"bin 16", bytes({0xc5, 0x00, 0x01, 0x00})},
      {"bin 32", bytes({0xc6, 0x00, 0x00, 0x00, 0x01, 0x00})},
      {"ext 8", bytes({0xc7, 0x01, 0x0c, 0x00})},
      {"ext 16", bytes({0xc8, 0x00, 0x01, 0x0c, 0x00})},
      {"ext 32", bytes({0xc9, 0x00, 0x00, 0x00, 0x01, 0x0c, 0x00})},
      {"float 32", bytes({0xca, 0, 0, 0, 0})},
      {"float 64", bytes({0xcb, 0, 0, 0, 0, 0, 0, 0, 0})},
      {"uint 8", bytes({0xcc, 0xff})},
      {"uint 16", bytes({0xcd, 0xff, 0xff})},
      {"uint 32", bytes({0xce, 0, 0, 0, 1})},
      {"uint 64", bytes({0xcf, 0, 0, 0, 0, 0, 0, 0, 1})},
      {"int 8", bytes({0xd0, 0x80})},
      {"int 16", bytes({0xd1, 0x80, 0x00})},
      {"int 32", bytes({0xd2, 0x80, 0, 0, 0})},
      {"int 64", bytes({0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0})},
      {"fixext 1", bytes({0xd4, 0x00, 0x00})},
      {"fixext 2", bytes({0xd5, 0x00, 0x00, 0x00})},
      {"fixext 4", bytes({0xd6, 0x00, 0, 0, 0, 0})},
      {"fixext 8", bytes({0xd7, 0x00, 0, 0, 0, 0, 0, 0, 0, 0})},
      {"fixext 16", bytes({0xd8, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})},
      {"str 8", bytes({0xd9, 0x01, 'x'})},
      {"str 16", bytes({0xda, 0x00, 0x01, 'x'})},
      {"str 32", bytes({0xdb, 0x00, 0x00, 0x00, 0x01, 'x'})},
      {"array 16", bytes({0xdc, 0x00, 0x02, 0x01, 0x02})},
      {"array 32", bytes({0xdd, 0x00, 0x00, 0x00, 0x01, 0xc0})},
      {"map 16", bytes({0xde, 0x00, 0x01, 0xa1, 'k', 0x01})},
      {"map 32", bytes({0xdf, 0x00, 0x00, 0x00, 0x01, 0xa1, 'k', 0xc3})},
  };
}

TEST(MsgpackSkip, OneObjectOfEveryFormatIsWellFormed) {
  for (const auto& [name, b] : every_format()) EXPECT_TRUE(is_well_formed_msgpack(b)) << name;
}

TEST(MsgpackSkip, EveryCutOfAnObjectIsNotWellFormed) {
  for (const auto& [name, b] : every_format()) {
    for (std::size_t len = 0; len < b.size(); ++len)
      EXPECT_FALSE(is_well_formed_msgpack(b.substr(0, len))) << name << " cut at " << len;
  }
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0x92, 0x01}))) << "an array of 2 with one item";
}

TEST(MsgpackSkip, TrailingBytesTheUnusedCodeAndHugeCountsAreNotWellFormed) {
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0x01, 0x02}))) << "two objects";
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0xc1}))) << "0xc1 is never used";
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0x91, 0xc1})));
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0xdd, 0xff, 0xff, 0xff, 0xff}))) << "count past the bytes";
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0xdb, 0xff, 0xff, 0xff, 0xff, 'a'}))) << "length past the bytes";
  EXPECT_FALSE(is_well_formed_msgpack(bytes({0xc9, 0xff, 0xff, 0xff, 0xff, 0x0c})));
}

TEST(MsgpackSkip, NestingIsLimitedToTheDecodersDepth) {
  const std::string at_limit = std::string(kMaxDepth, '\x91') + "\xc0";
  EXPECT_TRUE(is_well_formed_msgpack(at_limit));
  const std::string too_deep = std::string(kMaxDepth + 1, '\x91') + "\xc0";
  EXPECT_FALSE(is_well_formed_msgpack(too_deep));
}

}  // namespace
}  // namespace tfc::cty
