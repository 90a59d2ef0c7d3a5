#include "hcl/functions.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>

#include "hcl/convert.hpp"

namespace tfc::hcl {

namespace {

using Args = std::vector<cty::Value>;
using Result = std::optional<cty::Value>;  // nullopt: Terraform would refuse the call

cty::Type string_t() { return cty::Type::string(); }

Result to_type(const Args& a, const cty::Type& t) {
  if (a.size() != 1) return std::nullopt;
  auto c = convert(a[0], t);
  if (!c) return std::nullopt;
  return *c;
}

// tolist / toset: the element type is the one all elements convert to.
Result to_collection(const Args& a, bool set) {
  if (a.size() != 1) return std::nullopt;
  auto c = convert(a[0], set ? cty::Type::set(cty::Type::dynamic()) : cty::Type::list(cty::Type::dynamic()));
  if (!c) return std::nullopt;
  return *c;
}

std::optional<std::string> string_arg(const cty::Value& v) {
  auto s = convert(v, string_t());
  if (!s || s->is_null()) return std::nullopt;
  return s->as_string();
}

Result map_string(const Args& a, const std::function<std::string(std::string)>& f) {
  if (a.size() != 1) return std::nullopt;
  auto s = string_arg(a[0]);
  if (!s) return std::nullopt;
  return cty::Value::string(f(*s));
}

bool is_sequence(const cty::Value& v) {
  const cty::Kind k = v.type().kind();
  return !v.is_null() && (k == cty::Kind::List || k == cty::Kind::Set || k == cty::Kind::Tuple);
}

Result join(const Args& a) {
  if (a.size() < 2) return std::nullopt;
  auto sep = string_arg(a[0]);
  if (!sep) return std::nullopt;
  std::string out;
  bool first = true;
  for (std::size_t i = 1; i < a.size(); ++i) {
    if (!is_sequence(a[i])) return std::nullopt;
    for (const cty::Value& e : a[i].elements()) {
      auto s = string_arg(e);
      if (!s) return std::nullopt;
      if (!first) out += *sep;
      first = false;
      out += *s;
    }
  }
  return cty::Value::string(std::move(out));
}

Result split(const Args& a) {
  if (a.size() != 2) return std::nullopt;
  auto sep = string_arg(a[0]);
  auto s = string_arg(a[1]);
  if (!sep || !s) return std::nullopt;
  std::vector<cty::Value> parts;
  if (sep->empty()) return std::nullopt;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = s->find(*sep, start);
    parts.push_back(cty::Value::string(s->substr(start, at == std::string::npos ? std::string::npos : at - start)));
    if (at == std::string::npos) break;
    start = at + sep->size();
  }
  return cty::Value::list(string_t(), std::move(parts));
}

Result replace(const Args& a) {
  if (a.size() != 3) return std::nullopt;
  auto s = string_arg(a[0]);
  auto from = string_arg(a[1]);
  auto to = string_arg(a[2]);
  if (!s || !from || !to || from->empty()) return std::nullopt;
  if (from->size() > 1 && from->front() == '/' && from->back() == '/') return std::nullopt;  // a regex: not computed
  std::string out;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = s->find(*from, start);
    if (at == std::string::npos) break;
    out += s->substr(start, at - start) + *to;
    start = at + from->size();
  }
  out += s->substr(start);
  return cty::Value::string(std::move(out));
}

Result concat(const Args& a) {
  std::vector<cty::Value> elements;
  for (const cty::Value& v : a) {
    if (!is_sequence(v)) return std::nullopt;
    for (const cty::Value& e : v.elements()) elements.push_back(e);
  }
  return cty::Value::tuple(std::move(elements));
}

Result length(const Args& a) {
  if (a.size() != 1 || a[0].is_null()) return std::nullopt;
  const cty::Kind k = a[0].type().kind();
  if (k == cty::Kind::String) {
    // Characters, counted as UTF-8 sequences (Terraform counts grapheme clusters).
    std::int64_t n = 0;
    for (unsigned char c : a[0].as_string()) n += (c & 0xC0) != 0x80;
    return cty::Value::number(cty::Number(n));
  }
  if (k == cty::Kind::Object)
    return cty::Value::number(cty::Number(static_cast<std::int64_t>(a[0].attribute_values().size())));
  if (k == cty::Kind::String || k == cty::Kind::Number || k == cty::Kind::Bool) return std::nullopt;
  return cty::Value::number(cty::Number(static_cast<std::int64_t>(a[0].length())));
}

Result merge(const Args& a) {
  std::map<std::string, cty::Value> out;
  for (const cty::Value& v : a) {
    if (v.is_null()) continue;
    const cty::Kind k = v.type().kind();
    if (k == cty::Kind::Object) {
      for (std::size_t i = 0; i < v.attribute_values().size(); ++i)
        out[v.type().attributes()[i].name] = v.attribute_values()[i];
    } else if (k == cty::Kind::Map) {
      for (const auto& [key, e] : v.map_entries()) out[key] = e;
    } else {
      return std::nullopt;
    }
  }
  return cty::Value::object(std::vector<std::pair<std::string, cty::Value>>(out.begin(), out.end()));
}

Result coalesce(const Args& a) {
  for (const cty::Value& v : a) {
    if (v.is_null()) continue;
    if (v.type().kind() == cty::Kind::String && v.as_string().empty()) continue;
    return v;
  }
  return std::nullopt;
}

Result format(const Args& a) {
  if (a.empty()) return std::nullopt;
  auto f = string_arg(a[0]);
  if (!f) return std::nullopt;
  std::string out;
  if (!format_text(*f, Args(a.begin() + 1, a.end()), out)) return std::nullopt;
  return cty::Value::string(std::move(out));
}

Result base64decode(const Args& a) {
  if (a.size() != 1) return std::nullopt;
  auto s = string_arg(a[0]);
  std::string out;
  if (!s || !base64_decode(*s, out)) return std::nullopt;
  return cty::Value::string(std::move(out));
}

Result min_max(const Args& a, bool want_max) {
  if (a.empty()) return std::nullopt;
  std::optional<cty::Number> best;
  for (const cty::Value& v : a) {
    auto n = convert(v, cty::Type::number());
    if (!n || n->is_null()) return std::nullopt;
    if (!best || (want_max ? compare(n->as_number(), *best) > 0 : compare(n->as_number(), *best) < 0))
      best = n->as_number();
  }
  return cty::Value::number(*best);
}

Result lookup(const Args& a) {
  if (a.size() < 2 || a.size() > 3 || a[0].is_null()) return std::nullopt;
  auto key = string_arg(a[1]);
  if (!key) return std::nullopt;
  const cty::Value* found = nullptr;
  if (a[0].type().kind() == cty::Kind::Map)
    found = a[0].map_find(*key);
  else if (a[0].type().kind() == cty::Kind::Object)
    found = a[0].attribute(*key);
  else
    return std::nullopt;
  if (found) return *found;
  if (a.size() == 3) return a[2];
  return std::nullopt;
}

using Function = std::function<Result(const Args&)>;

struct Entry {
  Function fn;
  cty::Type result;  // the type of the unknown an uncomputable call gives
};

const std::map<std::string, Entry, std::less<>>& table() {
  static const std::map<std::string, Entry, std::less<>> kTable = {
      {"jsonencode",
       {[](const Args& a) -> Result {
          if (a.size() != 1) return std::nullopt;
          return cty::Value::string(json_text(a[0]));
        },
        string_t()}},
      {"base64encode",
       {[](const Args& a) -> Result {
          if (a.size() != 1) return std::nullopt;
          auto s = string_arg(a[0]);
          if (!s) return std::nullopt;
          return cty::Value::string(base64_encode(*s));
        },
        string_t()}},
      {"base64decode", {base64decode, string_t()}},
      {"tostring", {[](const Args& a) { return to_type(a, string_t()); }, string_t()}},
      {"tonumber", {[](const Args& a) { return to_type(a, cty::Type::number()); }, cty::Type::number()}},
      {"tobool", {[](const Args& a) { return to_type(a, cty::Type::boolean()); }, cty::Type::boolean()}},
      {"tolist", {[](const Args& a) { return to_collection(a, false); }, cty::Type::dynamic()}},
      {"toset", {[](const Args& a) { return to_collection(a, true); }, cty::Type::dynamic()}},
      {"tomap", {[](const Args& a) { return to_type(a, cty::Type::map(cty::Type::dynamic())); }, cty::Type::dynamic()}},
      {"format", {format, string_t()}},
      {"lower",
       {[](const Args& a) {
          return map_string(a, [](std::string s) {
            for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return s;
          });
        },
        string_t()}},
      {"upper",
       {[](const Args& a) {
          return map_string(a, [](std::string s) {
            for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            return s;
          });
        },
        string_t()}},
      {"trimspace",
       {[](const Args& a) {
          return map_string(a, [](std::string s) {
            const auto not_space = [](unsigned char c) { return !std::isspace(c); };
            s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
            s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
            return s;
          });
        },
        string_t()}},
      {"join", {join, string_t()}},
      {"split", {split, cty::Type::list(string_t())}},
      {"replace", {replace, string_t()}},
      {"concat", {concat, cty::Type::dynamic()}},
      {"length", {length, cty::Type::number()}},
      {"merge", {merge, cty::Type::dynamic()}},
      {"coalesce", {coalesce, cty::Type::dynamic()}},
      {"lookup", {lookup, cty::Type::dynamic()}},
      {"min", {[](const Args& a) { return min_max(a, false); }, cty::Type::number()}},
      {"max", {[](const Args& a) { return min_max(a, true); }, cty::Type::number()}},
      // Not computed (they read files, the clock or randomness, or hash): unknown strings.
      {"file", {nullptr, string_t()}},
      {"filebase64", {nullptr, string_t()}},
      {"templatefile", {nullptr, string_t()}},
      {"timestamp", {nullptr, string_t()}},
      {"uuid", {nullptr, string_t()}},
      {"abspath", {nullptr, string_t()}},
      {"md5", {nullptr, string_t()}},
      {"sha1", {nullptr, string_t()}},
      {"sha256", {nullptr, string_t()}},
      {"sha512", {nullptr, string_t()}},
      {"base64sha256", {nullptr, string_t()}},
      {"filemd5", {nullptr, string_t()}},
      {"filesha256", {nullptr, string_t()}},
  };
  return kTable;
}

bool wholly_known(const Args& a) {
  return std::all_of(a.begin(), a.end(), [](const cty::Value& v) { return v.is_wholly_known(); });
}

}  // namespace

cty::Value function_result_type_unknown(const std::string& name) {
  auto found = table().find(name);
  const cty::Type type = found == table().end() ? cty::Type::dynamic() : found->second.result;
  return cty::Value::unknown(type);
}

cty::Value call_function(const std::string& name, const std::vector<cty::Value>& args) {
  auto found = table().find(name);
  if (found == table().end() || !found->second.fn) return function_result_type_unknown(name);
  // tostring(null) and friends pass nulls through; every computed function needs known args.
  if (!wholly_known(args)) return function_result_type_unknown(name);
  Result r = found->second.fn(args);
  if (!r) return function_result_type_unknown(name);
  return *r;
}

}  // namespace tfc::hcl
