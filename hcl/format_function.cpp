// format() (Terraform language documentation, "format Function"): the verbs %s %d %v %q %t %f
// with flags, width and precision, and %% for a percent sign.

#include <cstdio>
#include <string>

#include "hcl/convert.hpp"
#include "hcl/functions.hpp"

namespace tfc::hcl {

namespace {

constexpr std::size_t kMaxWidth = 1000;  // a hostile width must not allocate gigabytes

struct Spec {
  bool left = false;
  bool zero = false;
  bool plus = false;
  bool space = false;
  std::size_t width = 0;
  int precision = -1;
  char verb = 0;
};

std::string pad(std::string s, const Spec& spec) {
  if (s.size() >= spec.width) return s;
  const std::size_t n = spec.width - s.size();
  if (spec.left) return s + std::string(n, ' ');
  if (spec.zero) {
    const bool sign = !s.empty() && (s[0] == '-' || s[0] == '+');
    return (sign ? s.substr(0, 1) : "") + std::string(n, '0') + (sign ? s.substr(1) : s);
  }
  return std::string(n, ' ') + s;
}

bool read_number(const std::string& f, std::size_t& i, std::size_t& out) {
  bool any = false;
  out = 0;
  while (i < f.size() && f[i] >= '0' && f[i] <= '9') {
    out = out * 10 + static_cast<std::size_t>(f[i] - '0');
    if (out > kMaxWidth) return false;
    ++i;
    any = true;
  }
  return any || true;
}

// The default text of a value (%v): strings as they are, everything else as JSON.
std::string default_text(const cty::Value& v) {
  if (v.type().kind() == cty::Kind::String) return v.as_string();
  if (v.type().kind() == cty::Kind::Number) return v.as_number().canonical();
  if (v.type().kind() == cty::Kind::Bool) return v.as_bool() ? "true" : "false";
  return json_text(v);
}

bool verb_text(const Spec& spec, const cty::Value& arg, std::string& out) {
  if (arg.is_null()) {
    if (spec.verb != 'v') return false;
    out = "null";
    return true;
  }
  switch (spec.verb) {
    case 'v': out = default_text(arg); return true;
    case 's': {
      auto s = convert(arg, cty::Type::string());
      if (!s) return false;
      out = s->as_string();
      if (spec.precision >= 0 && out.size() > static_cast<std::size_t>(spec.precision))
        out.resize(static_cast<std::size_t>(spec.precision));
      return true;
    }
    case 'q': {
      auto s = convert(arg, cty::Type::string());
      if (!s) return false;
      out = json_quoted(s->as_string());
      return true;
    }
    case 't': {
      auto b = convert(arg, cty::Type::boolean());
      if (!b) return false;
      out = b->as_bool() ? "true" : "false";
      return true;
    }
    case 'd': {
      auto n = convert(arg, cty::Type::number());
      if (!n || !n->as_number().is_integer()) return false;
      out = n->as_number().canonical();
      if (spec.plus && out[0] != '-')
        out = "+" + out;
      else if (spec.space && out[0] != '-')
        out = " " + out;
      return true;
    }
    case 'f': {
      auto n = convert(arg, cty::Type::number());
      if (!n) return false;
      char buf[1200];
      std::snprintf(buf, sizeof buf, spec.plus ? "%+.*f" : "%.*f", spec.precision < 0 ? 6 : spec.precision,
                    n->as_number().to_double_approx());
      out = buf;
      return true;
    }
    default: return false;
  }
}

}  // namespace

bool format_text(const std::string& format, const std::vector<cty::Value>& args, std::string& out) {
  std::size_t next_arg = 0;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    if (++i >= format.size()) return false;
    if (format[i] == '%') {
      out += '%';
      continue;
    }
    Spec spec;
    for (; i < format.size(); ++i) {
      const char c = format[i];
      if (c == '-')
        spec.left = true;
      else if (c == '0')
        spec.zero = true;
      else if (c == '+')
        spec.plus = true;
      else if (c == ' ')
        spec.space = true;
      else if (c != '#')
        break;
    }
    if (!read_number(format, i, spec.width)) return false;
    if (i < format.size() && format[i] == '.') {
      ++i;
      std::size_t precision = 0;
      if (!read_number(format, i, precision)) return false;
      spec.precision = static_cast<int>(precision);
    }
    if (i >= format.size() || next_arg >= args.size()) return false;
    spec.verb = format[i];
    std::string text;
    if (!verb_text(spec, args[next_arg++], text)) return false;
    out += pad(std::move(text), spec);
  }
  return next_arg == args.size();
}

}  // namespace tfc::hcl
