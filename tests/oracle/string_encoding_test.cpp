// value.invalid_utf8: where invalid bytes are found, what is not flagged, and the cap.
#include "oracle/string_encoding.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace tfc::oracle {
namespace {

using cty::Type;
using cty::Value;

const std::string kBad = "ok\xff\xfe";  // 0xff never starts a UTF-8 sequence

TEST(StringEncoding, FirstInvalidByteOffsets) {
  EXPECT_EQ(first_invalid_utf8(""), std::string_view::npos);
  EXPECT_EQ(first_invalid_utf8("plain \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), std::string_view::npos);
  EXPECT_EQ(first_invalid_utf8(kBad), 2u);
  EXPECT_EQ(first_invalid_utf8("\xc0\x80"), 0u) << "overlong NUL";
  EXPECT_EQ(first_invalid_utf8("a\xed\xa0\x80"), 1u) << "a UTF-16 surrogate encoded as UTF-8";
  EXPECT_EQ(first_invalid_utf8("ab\xe2\x82"), 2u) << "a sequence cut short";
  EXPECT_EQ(first_invalid_utf8("\xf4\x90\x80\x80"), 0u) << "above U+10FFFF";
}

TEST(StringEncoding, FlagsStringsKeysAndNamesAtTheirPaths) {
  const Value inner = Value::object({{"s", Value::string(kBad)}, {"fine", Value::string("x")}});
  const Value root = Value::object({
      {"list", Value::list(Type::string(), {Value::string("a"), Value::string(kBad)})},
      {"map", Value::map(Type::string(), {{kBad, Value::string("v")}, {"k", Value::string(kBad)}})},
      {"nested", inner},
      {"null", Value::null(Type::string())},
      {"unknown", Value::unknown(Type::string())},
  });
  const auto found = check_strings_are_utf8(root, "new state");
  ASSERT_EQ(found.size(), 4u);
  for (const auto& v : found) {
    EXPECT_EQ(v.rule, "value.invalid_utf8");
    EXPECT_EQ(v.severity, Severity::error);
    EXPECT_NE(v.message.find("new state holds"), std::string::npos) << v.message;
    EXPECT_NE(v.message.find("byte 0xff at offset 2 of 4"), std::string::npos) << v.message;
  }
  EXPECT_EQ(found[0].path.render(), ".list[1]");
  // Map entries are kept in key byte order: "k" before "ok\xff\xfe".
  EXPECT_EQ(found[1].path.render(), ".map[\"k\"]");
  EXPECT_NE(found[2].message.find("a map key"), std::string::npos);
  EXPECT_EQ(found[2].path.render(), ".map[\"" + kBad + "\"]");
  EXPECT_EQ(found[3].path.render(), ".nested.s");
}

TEST(StringEncoding, AnAttributeNameAndASetElementAreFlagged) {
  const Value root = Value::object({{kBad, Value::set(Type::string(), {Value::string(kBad)})}});
  const auto found = check_strings_are_utf8(root, "planned state");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_NE(found[0].message.find("an attribute name"), std::string::npos);
  EXPECT_NE(found[1].message.find("a string"), std::string::npos);
}

TEST(StringEncoding, AHugeBadValueGivesAtMostTheCap) {
  std::vector<Value> many(10'000, Value::string(kBad));
  const auto found = check_strings_are_utf8(Value::list(Type::string(), std::move(many)), "read state");
  EXPECT_EQ(found.size(), kMaxUtf8Findings);
}

// Valid UTF-8 (any code points RapidCheck builds) is never flagged; one invalid byte spliced
// into it anywhere is flagged at exactly that offset or earlier (a cut sequence before it).
RC_GTEST_PROP(StringEncoding, ValidTextPassesAndOneBadByteIsFound, ()) {
  const auto code_points = *rc::gen::container<std::vector<std::uint32_t>>(
      rc::gen::oneOf(rc::gen::inRange<std::uint32_t>(0x20, 0x7f), rc::gen::inRange<std::uint32_t>(0x80, 0xd800),
                     rc::gen::inRange<std::uint32_t>(0xe000, 0x110000)));
  std::string text;
  for (std::uint32_t cp : code_points) {
    if (cp < 0x80) {
      text += static_cast<char>(cp);
    } else if (cp < 0x800) {
      text += static_cast<char>(0xc0 | (cp >> 6));
      text += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      text += static_cast<char>(0xe0 | (cp >> 12));
      text += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      text += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      text += static_cast<char>(0xf0 | (cp >> 18));
      text += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      text += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      text += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }
  RC_ASSERT(check_strings_are_utf8(Value::string(text), "v").empty());
  const auto at = *rc::gen::inRange<std::size_t>(0, text.size() + 1);
  const auto bad = *rc::gen::element<char>('\xff', '\xfe', '\xc0', '\xc1', '\xf8');
  text.insert(at, 1, bad);
  const auto found = check_strings_are_utf8(Value::string(text), "v");
  RC_ASSERT(found.size() == 1u);
  RC_ASSERT(first_invalid_utf8(text) <= at);
}

}  // namespace
}  // namespace tfc::oracle
