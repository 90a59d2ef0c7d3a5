// Properties of the cty layer over arbitrary types and values (generators/arbitrary_*.hpp).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <numeric>

#include <nlohmann/json.hpp>

#include "generators/arbitrary_type.hpp"
#include "generators/arbitrary_value.hpp"
#include "proto/cty/json.hpp"
#include "proto/cty/msgpack.hpp"
#include "proto/cty/type_json.hpp"

namespace tfc::cty {
namespace {

// An equal value built afresh: new payloads, separately built types, numbers in another form,
// sets and maps constructed from reversed input.
Value rebuild(const Value& v) {
  Type t = *type_from_json(type_to_json(v.type()));
  if (!v.is_known()) return Value::unknown(t, v.refinements());
  if (v.is_null()) return Value::null(t);
  auto rebuilt = [](const std::vector<Value>& in) {
    std::vector<Value> out;
    for (const Value& e : in) out.push_back(rebuild(e));
    return out;
  };
  switch (t.kind()) {
    case Kind::String: return Value::string(std::string(v.as_string()));
    case Kind::Number: {
      const Number& n = v.as_number();
      if (n.is_double() && !n.is_infinite()) return Value::number(*Number::parse(n.canonical()));
      if (auto d = n.to_exact_double()) return Value::number(Number(*d));
      return Value::number(*Number::parse(n.canonical()));
    }
    case Kind::Bool: return Value::boolean(v.as_bool());
    case Kind::List: return Value::typed_list(t, rebuilt(v.elements()));
    case Kind::Set: {
      auto elems = rebuilt(v.elements());
      std::reverse(elems.begin(), elems.end());
      return Value::typed_set(t, std::move(elems));
    }
    case Kind::Map: {
      std::vector<std::pair<std::string, Value>> entries;
      for (const auto& [k, e] : v.map_entries()) entries.emplace_back(k, rebuild(e));
      std::reverse(entries.begin(), entries.end());
      return Value::typed_map(t, std::move(entries));
    }
    case Kind::Tuple: return Value::tuple(t, rebuilt(v.elements()));
    case Kind::Object: return Value::object(t, rebuilt(v.attribute_values()));
    case Kind::Dynamic: break;
  }
  return v;
}

int sign(int x) { return (x > 0) - (x < 0); }

// The codecs must survive every value, so these properties use the extreme profile (the
// realistic one is what tfconform sends providers by default).
gen::ValueOptions hostile() {
  gen::ValueOptions options;
  options.profile = gen::ValueProfile::extreme;
  options.max_elements = 4;
  return options;
}

RC_GTEST_PROP(CtyProperties, MsgpackRoundTripsToARawEqualValue, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const auto value = *gen::value_of(type, hostile());
  auto bytes = msgpack_encode(value, type);
  RC_ASSERT(bytes.has_value());
  auto back = msgpack_decode(*bytes, type);
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, value));
  RC_ASSERT(*msgpack_encode(*back, type) == *bytes);
}

// An encoded value is one well-formed msgpack object, and no strict prefix of it is.
RC_GTEST_PROP(CtyProperties, EncodedValuesAreWellFormedMsgpackAndTheirCutsAreNot, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const auto value = *gen::value_of(type, hostile());
  auto bytes = msgpack_encode(value, type);
  RC_ASSERT(bytes.has_value());
  RC_ASSERT(is_well_formed_msgpack(*bytes));
  const auto cut = *rc::gen::inRange<std::size_t>(0, bytes->size());
  RC_ASSERT(!is_well_formed_msgpack(std::string_view(*bytes).substr(0, cut)));
}

RC_GTEST_PROP(CtyProperties, JsonRoundTripsWhollyKnownValues, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  gen::ValueOptions options = hostile();
  options.allow_unknown = false;
  const auto value = *gen::value_of(type, options);
  auto text = json_encode(value, type);
  RC_ASSERT(text.has_value());
  auto back = json_decode(*text, type);
  RC_ASSERT(back.has_value());
  RC_ASSERT(raw_equals(*back, value));
}

RC_GTEST_PROP(CtyProperties, TypeJsonRoundTrips, ()) {
  gen::TypeOptions options;
  options.allow_optional_markers = true;
  const auto type = *gen::type(options);
  auto back = type_from_json(type_to_json(type));
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == type);
  RC_ASSERT(type_order(*back, type) == 0);
}

RC_GTEST_PROP(CtyProperties, EqualityIsAnEquivalenceOnValuesBuiltEqual, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const auto a = *gen::value_of(type, hostile());
  const Value b = rebuild(a);
  const Value c = rebuild(b);
  RC_ASSERT(raw_equals(a, a));
  RC_ASSERT(raw_equals(a, b));
  RC_ASSERT(raw_equals(b, a));
  RC_ASSERT(raw_equals(b, c));
  RC_ASSERT(raw_equals(a, c));
  RC_ASSERT(canonical_compare(a, c) == 0);
  RC_ASSERT(equals(a, b) != Tristate::False);
  if (a.is_wholly_known()) RC_ASSERT(equals(a, b) == Tristate::True);
}

RC_GTEST_PROP(CtyProperties, ComparisonsAgreeAndAreSymmetric, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const auto a = *gen::value_of(type, hostile());
  const auto b = *gen::value_of(type, hostile());
  const auto c = *gen::value_of(type, hostile());
  RC_ASSERT(raw_equals(a, b) == raw_equals(b, a));
  RC_ASSERT(equals(a, b) == equals(b, a));
  RC_ASSERT(sign(canonical_compare(a, b)) == -sign(canonical_compare(b, a)));
  RC_ASSERT((canonical_compare(a, b) == 0) == raw_equals(a, b));
  if (canonical_compare(a, b) <= 0 && canonical_compare(b, c) <= 0) RC_ASSERT(canonical_compare(a, c) <= 0);
  if (raw_equals(a, b)) RC_ASSERT(equals(a, b) != Tristate::False);
}

RC_GTEST_PROP(CtyProperties, SetOrderDoesNotMatter, ()) {
  const auto element = *rc::gen::arbitrary<Type>();
  const auto elems = *rc::gen::container<std::vector<Value>>(gen::value_of(element, hostile()));
  const auto keys = *rc::gen::container<std::vector<int>>(elems.size(), rc::gen::arbitrary<int>());
  std::vector<std::size_t> order(elems.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return keys[x] < keys[y]; });
  std::vector<Value> shuffled;
  for (std::size_t i : order) shuffled.push_back(elems[i]);
  Value a = Value::set(element, elems);
  Value b = Value::set(element, shuffled);
  RC_ASSERT(raw_equals(a, b));
  RC_ASSERT(*msgpack_encode(a, a.type()) == *msgpack_encode(b, b.type()));
}

// A decoded value must encode again, and that encoding must be a fixed point.
void check_stable(const Value& decoded, const Type& type) {
  auto e1 = msgpack_encode(decoded, type);
  RC_ASSERT(e1.has_value());
  auto d2 = msgpack_decode(*e1, type);
  RC_ASSERT(d2.has_value());
  RC_ASSERT(*msgpack_encode(*d2, type) == *e1);
}

RC_GTEST_PROP(CtyProperties, DecodingRandomBytesNeverCrashes, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const auto bytes = *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
  auto v = msgpack_decode(bytes, type);
  if (v) check_stable(*v, type);
  auto j = json_decode(bytes, type);
  if (j) RC_ASSERT(j->conforms_to(type));
}

RC_GTEST_PROP(CtyProperties, DecodingMutatedBytesNeverCrashes, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const auto value = *gen::value_of(type, hostile());
  std::string bytes = *msgpack_encode(value, type);
  gen::ValueOptions known = hostile();
  known.allow_unknown = false;
  std::string text = *json_encode(*gen::value_of(type, known), type);
  const auto edits = *rc::gen::container<std::vector<std::tuple<int, std::size_t, char>>>(
      rc::gen::tuple(rc::gen::inRange(0, 4), rc::gen::arbitrary<std::size_t>(), rc::gen::arbitrary<char>()));
  for (const auto& [kind, at, byte] : edits) {
    for (std::string* s : {&bytes, &text}) {
      if (s->empty()) continue;
      std::size_t pos = at % s->size();
      switch (kind) {
        case 0: (*s)[pos] = byte; break;
        case 1: s->erase(pos, 1); break;
        case 2: s->insert(pos, 1, byte); break;
        default: s->resize(pos); break;
      }
    }
  }
  auto v = msgpack_decode(bytes, type);
  if (v) check_stable(*v, type);
  auto j = json_decode(text, type);
  if (j) {
    RC_ASSERT(j->conforms_to(type));
    auto again = json_encode(*j, type);
    if (again) RC_ASSERT(raw_equals(*json_decode(*again, type), *j));
  }
}

// type_from_json reads the compact form providers send on its own and leaves everything else to
// nlohmann: whatever the text, it answers as parsing it with nlohmann first does.
Expected<Type> through_nlohmann(const std::string& text) {
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded()) return Error{"not JSON"};
  return type_from_json(doc);
}

void check_like_nlohmann(const std::string& text) {
  const auto direct = type_from_json(text);
  const auto general = through_nlohmann(text);
  RC_ASSERT(direct.has_value() == general.has_value());
  if (direct) RC_ASSERT(*direct == *general);
}

RC_GTEST_PROP(CtyProperties, TypeTextsReadAsNlohmannReadsThem, ()) {
  const auto type = *rc::gen::arbitrary<Type>();
  const std::string text = type_to_json(type);
  check_like_nlohmann(text);
  RC_ASSERT(*type_from_json(text) == type);
  // The same text with one token dropped, doubled or a space put in.
  const auto at = *rc::gen::inRange<std::size_t>(0, text.size());
  check_like_nlohmann(text.substr(0, at) + text.substr(std::min(text.size(), at + 1)));
  check_like_nlohmann(text.substr(0, at) + text.substr(at, 1) + text.substr(at));
  check_like_nlohmann(text.substr(0, at) + " " + text.substr(at));
}

RC_GTEST_PROP(CtyProperties, TokenSoupsReadAsNlohmannReadsThem, ()) {
  static const std::vector<std::string> kTokens = {R"("string")", R"("number")", R"("bool")", R"("dynamic")",
                                                   R"("list")",   R"("set")",    R"("map")",  R"("tuple")",
                                                   R"("object")", R"("a")",      R"("b")",    R"("x\"y")",
                                                   "\"\u00e9\"",  "[",           "]",         "{",
                                                   "}",           ",",           ":",         " ",
                                                   "1",           "null"};
  const auto picks = *rc::gen::container<std::vector<std::size_t>>(rc::gen::inRange<std::size_t>(0, kTokens.size()));
  std::string text;
  for (const auto i : picks) text += kTokens[i];
  check_like_nlohmann(text);
  // Valid shapes with repeated or unknown names are the compact reader's edge cases.
  for (const char* edge : {R"(["object",{"a":"string","a":"number"}])", R"(["object",{"a":"string"},["b"]])",
                           R"(["object",{"a":"string"},["a","a"]])", R"(["object",{"a":"string"},[]])",
                           R"(["tuple",[]])", R"(["list","string","number"])", R"(["object",{}])"})
    check_like_nlohmann(edge);
}

}  // namespace
}  // namespace tfc::cty
