#include "proto/cty/msgpack.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "proto/cty/type_json.hpp"
#include "tests/proto/cty/parse_type.hpp"

namespace tfc::cty {
namespace {

std::string hex(std::string_view h) {
  std::string out;
  int nibble = -1;
  for (char c : h) {
    int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
    if (v < 0) continue;
    if (nibble < 0) {
      nibble = v;
    } else {
      out.push_back(static_cast<char>(nibble * 16 + v));
      nibble = -1;
    }
  }
  return out;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    if (!out.empty()) out.push_back(' ');
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 0xF]);
  }
  return out;
}

std::string ascii_hex(std::string_view text) { return to_hex(text); }

Value s(const char* v) { return Value::string(v); }
Value n(std::int64_t v) { return Value::number(Number(v)); }

Refinements not_null() {
  Refinements r;
  r.not_null = true;
  return r;
}

struct Example {
  const char* name;
  const char* type;
  Value value;
  std::string bytes;  // hex
};

// Worked examples of the encodings of docs/protocol.md §3.3-§3.4, byte sequences go-cty produces
// (2^64 in its go-cty HEAD form), a whole object and a LIST block with a dynamic attribute.
std::vector<Example> examples() {
  Type obj = type_of(R"(["object",{"id":"string","n":"number"}])");
  Refinements prefix_ab = not_null();
  prefix_ab.string_prefix = "ab";
  Refinements prefix_abc = not_null();
  prefix_abc.string_prefix = "abc";
  Refinements nonneg = not_null();
  nonneg.number_lower = NumberBound{Number(0), true};
  Refinements range;
  range.number_lower = NumberBound{Number(0), true};
  range.number_upper = NumberBound{Number(10.5), false};
  Refinements length = not_null();
  length.length_lower = 1;
  length.length_upper = 3;
  Type whole = type_of(
      R"(["object",{"id":"string","opt":["object",{"on":"bool"}],"rule":["list",["object",{"port":"number"}]],"tags":["map","string"]}])");
  Type rule = type_of(R"(["object",{"port":"number"}])");
  std::string tuple_json = R"(["tuple",[["object",{"v":"string"}]]])";
  return {
      {"1 string", R"("string")", s("hi"), "a2 68 69"},
      {"2 small int", R"("number")", n(5), "05"},
      {"3 negative fixint", R"("number")", n(-7), "f9"},
      {"4 uint16", R"("number")", n(443), "cd 01 bb"},
      {"5 exact fraction", R"("number")", Value::number(Number(1.5)), "cb 3f f8 00 00 00 00 00 00"},
      {"6 decimal fraction", R"("number")", Value::number(*Number::parse("0.1")), "a3 30 2e 31"},
      {"7 2^64 (HEAD)", R"("number")", Value::number(*Number::parse("18446744073709551616")),
       "b4 31 38 34 34 36 37 34 34 30 37 33 37 30 39 35 35 31 36 31 36"},
      {"8 bool", R"("bool")", Value::boolean(true), "c3"},
      {"9 list", R"(["list","string"])", Value::list(Type::string(), {s("a"), s("b")}), "92 a1 61 a1 62"},
      {"10 empty list", R"(["list","string"])", Value::list(Type::string(), {}), "90"},
      {"11 set", R"(["set","string"])", Value::set(Type::string(), {s("a")}), "91 a1 61"},
      {"12 map", R"(["map","number"])", Value::map(Type::number(), {{"k", n(1)}}), "81 a1 6b 01"},
      {"13 tuple", R"(["tuple",["string","bool"]])", Value::tuple({s("a"), Value::boolean(true)}), "92 a1 61 c3"},
      {"14 object", R"(["object",{"id":"string","n":"number"}])", Value::object(obj, {s("x"), n(5)}),
       "82 a2 69 64 a1 78 a1 6e 05"},
      {"15 object unknown/null", R"(["object",{"id":"string","n":"number"}])",
       Value::object(obj, {Value::unknown(Type::string()), Value::null(Type::number())}),
       "82 a2 69 64 d4 00 00 a1 6e c0"},
      {"16 null object", R"(["object",{"id":"string","n":"number"}])", Value::null(obj), "c0"},
      {"17 unknown object", R"(["object",{"id":"string","n":"number"}])", Value::unknown(obj), "d4 00 00"},
      {"18 dynamic string", R"("dynamic")", s("x"), "92 c4 08 22 73 74 72 69 6e 67 22 a1 78"},
      {"19 dynamic list", R"("dynamic")", Value::list(Type::number(), {n(1)}),
       "92 c4 11 5b 22 6c 69 73 74 22 2c 22 6e 75 6d 62 65 72 22 5d 91 01"},
      {"20 dynamic untyped null", R"("dynamic")", Value(), "c0"},
      {"21 dynamic untyped unknown", R"("dynamic")", Value::unknown(Type::dynamic()), "d4 00 00"},
      {"22 dynamic unknown string", R"("dynamic")", Value::unknown(Type::string()),
       "92 c4 08 22 73 74 72 69 6e 67 22 d4 00 00"},
      {"23 object with dynamic attribute", R"(["object",{"a":"dynamic"}])",
       Value::object(type_of(R"(["object",{"a":"dynamic"}])"), {n(1)}), "81 a1 61 92 c4 08 22 6e 75 6d 62 65 72 22 01"},
      {"24 refined not null", R"("string")", Value::unknown(Type::string(), not_null()), "c7 03 0c 81 01 c2"},
      {"25 refined prefix ab", R"("string")", Value::unknown(Type::string(), prefix_ab),
       "c7 07 0c 82 01 c2 02 a2 61 62"},
      {"26 refined prefix abc (fixext8)", R"("string")", Value::unknown(Type::string(), prefix_abc),
       "d7 0c 82 01 c2 02 a3 61 62 63"},
      {"27 refined number >= 0", R"("number")", Value::unknown(Type::number(), nonneg),
       "c7 07 0c 82 01 c2 03 92 00 c3"},
      {"28 refined number range", R"("number")", Value::unknown(Type::number(), range),
       "c7 11 0c 82 03 92 00 c3 04 92 cb 40 25 00 00 00 00 00 00 c2"},
      {"29 refined list length", R"(["list","string"])", Value::unknown(Type::list(Type::string()), length),
       "c7 07 0c 83 01 c2 05 01 06 03"},
      {"whole resource object",
       R"(["object",{"id":"string","opt":["object",{"on":"bool"}],"rule":["list",["object",{"port":"number"}]],"tags":["map","string"]}])",
       Value::object(whole,
                     {Value::unknown(Type::string()), Value::null(type_of(R"(["object",{"on":"bool"}])")),
                      Value::list(rule, {Value::object(rule, {n(443)})}), Value::null(Type::map(Type::string()))}),
       "84 a2 69 64 d4 00 00 a3 6f 70 74 c0 a4 72 75 6c 65 91 81 a4 70 6f 72 74 cd 01 bb a4 74 61 67 73 c0"},
      {"LIST block with dynamic attribute", R"("dynamic")", Value::tuple({Value::object({{"v", s("x")}})}),
       "92 c4 25 " + ascii_hex(tuple_json) + " 91 81 a1 76 a1 78"},
  };
}

TEST(Msgpack, EveryWorkedExampleDecodesAndReencodesByteForByte) {
  for (const Example& ex : examples()) {
    SCOPED_TRACE(ex.name);
    Type t = type_of(ex.type);
    std::string bytes = hex(ex.bytes);
    auto decoded = msgpack_decode(bytes, t);
    ASSERT_TRUE(decoded) << decoded.error().message;
    EXPECT_TRUE(raw_equals(*decoded, ex.value)) << decoded->to_display() << " vs " << ex.value.to_display();
    auto encoded = msgpack_encode(ex.value, t);
    ASSERT_TRUE(encoded) << encoded.error().message;
    EXPECT_EQ(to_hex(*encoded), to_hex(bytes));
  }
}

TEST(Msgpack, OldFloatFormOfExample7DecodesToTheSameNumber) {
  auto old = msgpack_decode(hex("cb 43 f0 00 00 00 00 00 00"), Type::number());
  ASSERT_TRUE(old);
  EXPECT_TRUE(raw_equals(*old, Value::number(*Number::parse("18446744073709551616"))));
  EXPECT_EQ(to_hex(*msgpack_encode(*old, Type::number())), to_hex(hex(examples()[6].bytes)));
}

TEST(Msgpack, NumberEncodingFollowsHeadRules) {
  auto enc = [](Number num) { return to_hex(*msgpack_encode(Value::number(num), Type::number())); };
  EXPECT_EQ(enc(Number(-33)), "d0 df");
  EXPECT_EQ(enc(Number(-200)), "d1 ff 38");
  EXPECT_EQ(enc(Number(200)), "cc c8");
  EXPECT_EQ(enc(Number(300)), "cd 01 2c");
  EXPECT_EQ(enc(Number(70000)), "ce 00 01 11 70");
  EXPECT_EQ(enc(Number(std::int64_t{1} << 40)), "cf 00 00 01 00 00 00 00 00");
  EXPECT_EQ(enc(Number(-(std::int64_t{1} << 40))), "d3 ff ff ff 00 00 00 00 00");
  EXPECT_EQ(enc(Number(7.0)), "07") << "integral doubles are integers";
  EXPECT_EQ(enc(*Number::parse("0.5")), "cb 3f e0 00 00 00 00 00 00");
  EXPECT_EQ(enc(Number(std::numeric_limits<double>::infinity())), "cb 7f f0 00 00 00 00 00 00");
  EXPECT_EQ(enc(Number(-std::numeric_limits<double>::infinity())), "cb ff f0 00 00 00 00 00 00");
  EXPECT_EQ(enc(Number(1e20)), to_hex("\xb5"
                                      "100000000000000000000"));
}

TEST(Msgpack, DecodingIsLiberal) {
  auto dec = [](const char* h, const Type& t) {
    auto v = msgpack_decode(hex(h), t);
    if (!v) throw std::runtime_error(v.error().message);
    return *v;
  };
  EXPECT_TRUE(raw_equals(dec("c4 02 68 69", Type::string()), s("hi"))) << "bin for str";
  EXPECT_TRUE(raw_equals(dec("ca 3f c0 00 00", Type::number()), Value::number(Number(1.5)))) << "float32";
  EXPECT_TRUE(raw_equals(dec("a2 31 32", Type::number()), n(12))) << "number as string";
  EXPECT_TRUE(raw_equals(dec("a6 31 65 2b 31 30 30", Type::number()), Value::number(*Number::parse("1e100"))));
  for (const char* h : {"cc 05", "cd 00 05", "ce 00 00 00 05", "cf 00 00 00 00 00 00 00 05", "d0 05", "d1 00 05",
                        "d2 00 00 00 05", "d3 00 00 00 00 00 00 00 05"}) {
    EXPECT_TRUE(raw_equals(dec(h, Type::number()), n(5))) << h;
  }
  EXPECT_TRUE(raw_equals(dec("cf ff ff ff ff ff ff ff ff", Type::number()),
                         Value::number(*Number::parse("18446744073709551615"))));
  for (const char* h : {"d4 00 00", "d5 01 00 00", "d6 05 00 00 00 00", "d7 00 01 02 03 04 05 06 07 08",
                        "d8 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "c7 00 00", "c8 00 01 07 00",
                        "c9 00 00 00 00 00", "c7 05 21 01 02 03 04 05"}) {
    Value v = dec(h, Type::string());
    EXPECT_FALSE(v.is_known()) << h;
    EXPECT_TRUE(v.refinements().empty()) << h;
  }
  EXPECT_TRUE(raw_equals(dec("92 a6 22 62 6f 6f 6c 22 c3", Type::dynamic()), Value::boolean(true))) << "str type JSON";
  EXPECT_TRUE(
      raw_equals(dec("82 a1 6b 01 a1 6b 02", Type::map(Type::number())), Value::map(Type::number(), {{"k", n(2)}})));
  EXPECT_TRUE(
      raw_equals(dec("92 a1 62 a1 61", Type::set(Type::string())), Value::set(Type::string(), {s("a"), s("b")})))
      << "set order does not matter";
  EXPECT_TRUE(raw_equals(dec("82 a1 6e 05 a2 69 64 a1 78", type_of(R"(["object",{"id":"string","n":"number"}])")),
                         Value::object({{"id", s("x")}, {"n", n(5)}})))
      << "object keys in any order";
}

TEST(Msgpack, RefinementDecodingRules) {
  auto dec = [](const char* h, const Type& t) { return msgpack_decode(hex(h), t); };
  auto ignored_key = dec("c7 05 0c 82 01 c2 09 c3", Type::string());
  ASSERT_TRUE(ignored_key) << ignored_key.error().message;
  EXPECT_TRUE(raw_equals(*ignored_key, Value::unknown(Type::string(), not_null()))) << "unknown keys are ignored";
  auto trailing = dec("c7 05 0c 81 01 c2 ff ff", Type::string());
  ASSERT_TRUE(trailing) << trailing.error().message;
  EXPECT_TRUE(trailing->refinements().not_null) << "trailing payload bytes are ignored";
  auto prefix_on_number = dec("c7 03 0c 81 02 a0", Type::number());
  ASSERT_FALSE(prefix_on_number);
  EXPECT_NE(prefix_on_number.error().message.find("prefix"), std::string::npos);
  EXPECT_FALSE(dec("c7 03 0c 81 05 01", Type::string())) << "length bound on a string";
  auto null_refined = dec("c7 03 0c 81 01 c3", Type::string());
  ASSERT_TRUE(null_refined);
  EXPECT_TRUE(null_refined->is_null()) << "definitely null makes the value null";
  EXPECT_FALSE(dec("c7 02 0c 81 01", Type::string())) << "truncated payload";
  std::string big = hex("c8 04 01 0c 81 02 da 03 fc") + std::string(1020, 'a');
  EXPECT_FALSE(msgpack_decode(big, Type::string())) << "payload above 1024 bytes";
}

TEST(Msgpack, RefinementEncodingUsesSmallestExtAndTruncatesPrefixes) {
  Refinements r;
  r.string_prefix = "a";
  EXPECT_EQ(to_hex(*msgpack_encode(Value::unknown(Type::string(), r), Type::string())), "d6 0c 81 02 a1 61");
  r.string_prefix = std::string(11, 'x');  // payload 1+1+1+11 = 14 -> ext8
  EXPECT_EQ(msgpack_encode(Value::unknown(Type::string(), r), Type::string())->substr(0, 3), hex("c7 0e 0c"));
  r.string_prefix = std::string(13, 'x');  // payload 16 -> fixext16
  EXPECT_EQ(msgpack_encode(Value::unknown(Type::string(), r), Type::string())->substr(0, 2), hex("d8 0c"));
  r.string_prefix = std::string(300, 'x');
  std::string long_prefix = *msgpack_encode(Value::unknown(Type::string(), r), Type::string());
  auto back = msgpack_decode(long_prefix, Type::string());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->refinements().string_prefix->size(), 255u);
  r.string_prefix = std::string(254, 'x') + "\xc3\xa9";  // 256 bytes: kept whole
  back = msgpack_decode(*msgpack_encode(Value::unknown(Type::string(), r), Type::string()), Type::string());
  EXPECT_EQ(back->refinements().string_prefix->size(), 256u);
  r.string_prefix = std::string(254, 'x') + "\xc3\xa9z";  // cut must not split the é
  back = msgpack_decode(*msgpack_encode(Value::unknown(Type::string(), r), Type::string()), Type::string());
  EXPECT_EQ(back->refinements().string_prefix->size(), 254u);
  Refinements inf;
  inf.number_lower = NumberBound{Number(-std::numeric_limits<double>::infinity()), true};
  EXPECT_EQ(to_hex(*msgpack_encode(Value::unknown(Type::number(), inf), Type::number())), "d4 00 00");
}

TEST(Msgpack, ErrorsNameThePathAndWhatWasFound) {
  Type t = type_of(R"(["object",{"rule":["list",["object",{"port":"number"}]]}])");
  auto bad = msgpack_decode(hex("81 a4 72 75 6c 65 91 81 a4 70 6f 72 74 80"), t);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("at .rule[0].port: expected number, found map"), std::string::npos)
      << bad.error().message;
  auto tags = msgpack_decode(hex("81 a3 65 6e 76 c3"), Type::map(Type::string()));
  ASSERT_FALSE(tags);
  EXPECT_NE(tags.error().message.find(R"(at ["env"]: expected string, found bool)"), std::string::npos)
      << tags.error().message;
  auto extra = msgpack_decode(hex("81 a1 7a c0"), type_of(R"(["object",{"a":"string"}])"));
  ASSERT_FALSE(extra);
  EXPECT_NE(extra.error().message.find("unsupported attribute \"z\""), std::string::npos);
  EXPECT_FALSE(msgpack_decode(hex("80"), type_of(R"(["object",{"a":"string"}])"))) << "empty map is not the object";
  EXPECT_TRUE(msgpack_decode(hex("80"), type_of(R"(["object",{}])")));
  EXPECT_FALSE(msgpack_decode(hex("82 a1 61 c0 a1 61 c0"), type_of(R"(["object",{"a":"string","b":"string"}])")));
  EXPECT_FALSE(msgpack_decode(hex("91 c3"), type_of(R"(["tuple",["bool","bool"]])")));
  EXPECT_FALSE(msgpack_decode(hex("05 05"), Type::number())) << "trailing bytes";
  EXPECT_FALSE(msgpack_decode(hex("cb 7f f8 00 00 00 00 00 00"), Type::number())) << "NaN";
  EXPECT_FALSE(msgpack_decode(hex("a3 61 62 63"), Type::number()));
  EXPECT_FALSE(msgpack_decode(hex("92 c4 05 22 62 61 64 22 c0"), Type::dynamic())) << "bad type JSON";
}

TEST(Msgpack, EncodeRejectsNonConformingValues) {
  auto e = msgpack_encode(Value::object({{"a", n(1)}}), type_of(R"(["object",{"a":"string"}])"));
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("at .a:"), std::string::npos) << e.error().message;
  EXPECT_FALSE(msgpack_encode(Value::object({{"b", n(1)}}), type_of(R"(["object",{"a":"number"}])")));
  EXPECT_FALSE(msgpack_encode(Value::tuple({n(1)}), type_of(R"(["tuple",["number","number"]])")));
}

TEST(Msgpack, HostileInputFailsCleanly) {
  Type deep = Type::string();
  for (int i = 0; i < kMaxDepth + 10; ++i) deep = Type::list(deep);
  EXPECT_FALSE(msgpack_decode(std::string(kMaxDepth + 10, '\x91') + "\xa0", deep)) << "too deep";
  EXPECT_FALSE(msgpack_decode(hex("dd ff ff ff ff"), Type::list(Type::string()))) << "huge count";
  EXPECT_FALSE(msgpack_decode(hex("df ff ff ff ff"), Type::map(Type::string())));
  EXPECT_FALSE(msgpack_decode(hex("db ff ff ff ff 61"), Type::string()));
  EXPECT_FALSE(msgpack_decode(hex("c9 ff ff ff ff 0c"), Type::string()));
  EXPECT_FALSE(msgpack_decode("", Type::string()));
  // Every strict prefix of every example is an error, never a crash.
  for (const Example& ex : examples()) {
    std::string bytes = hex(ex.bytes);
    for (std::size_t len = 0; len < bytes.size(); ++len) {
      EXPECT_FALSE(msgpack_decode(bytes.substr(0, len), type_of(ex.type))) << ex.name << " cut at " << len;
    }
  }
}

}  // namespace
}  // namespace tfc::cty
