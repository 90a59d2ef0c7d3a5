#include "proto/cty/number.hpp"
#include <algorithm>

#include <charconv>
#include <cmath>
#include <limits>
#include <vector>

namespace tfc::cty {

namespace {

// Canonical decimal text longer than this is refused by parse(): it keeps hostile input such
// as "1e999999999" from allocating gigabytes. Every finite double's exact expansion fits.
constexpr std::size_t kMaxCanonicalLength = 8192;

constexpr double kTwo63 = 9223372036854775808.0;

// value = (neg ? -1 : 1) * digits * 10^exp, digits without leading zeros ("" is zero).
struct Decimal {
  bool neg = false;
  std::string digits;
  std::int64_t exp = 0;
};

void normalise(Decimal& d) {
  std::size_t lead = d.digits.find_first_not_of('0');
  if (lead == std::string::npos) {
    d.digits.clear();
    d.exp = 0;
    d.neg = false;
    return;
  }
  d.digits.erase(0, lead);
  std::size_t last = d.digits.find_last_not_of('0');
  d.exp += static_cast<std::int64_t>(d.digits.size() - 1 - last);
  d.digits.resize(last + 1);
}

std::size_t canonical_length(const Decimal& d) {
  if (d.digits.empty()) return 1;
  std::size_t n = d.digits.size() + (d.neg ? 1 : 0);
  if (d.exp >= 0) return n + static_cast<std::size_t>(d.exp);
  std::size_t frac = static_cast<std::size_t>(-d.exp);
  return frac >= d.digits.size() ? n + 2 + (frac - d.digits.size()) : n + 1;
}

std::string render(const Decimal& d) {
  if (d.digits.empty()) return "0";
  std::string out;
  out.reserve(canonical_length(d));
  if (d.neg) out.push_back('-');
  if (d.exp >= 0) {
    out += d.digits;
    out.append(static_cast<std::size_t>(d.exp), '0');
    return out;
  }
  std::size_t frac = static_cast<std::size_t>(-d.exp);
  if (frac >= d.digits.size()) {
    out += "0.";
    out.append(frac - d.digits.size(), '0');
    out += d.digits;
  } else {
    out.append(d.digits, 0, d.digits.size() - frac);
    out.push_back('.');
    out.append(d.digits, d.digits.size() - frac, std::string::npos);
  }
  return out;
}

// Multiplies a little-endian base-1e9 number by `m` (m < 2^32).
void multiply(std::vector<std::uint32_t>& limbs, std::uint64_t m) {
  std::uint64_t carry = 0;
  for (std::uint32_t& limb : limbs) {
    std::uint64_t v = limb * m + carry;
    limb = static_cast<std::uint32_t>(v % 1000000000u);
    carry = v / 1000000000u;
  }
  while (carry) {
    limbs.push_back(static_cast<std::uint32_t>(carry % 1000000000u));
    carry /= 1000000000u;
  }
}

std::string limbs_to_digits(const std::vector<std::uint32_t>& limbs) {
  std::string out = std::to_string(limbs.back());
  char buf[16];
  for (std::size_t i = limbs.size() - 1; i-- > 0;) {
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, limbs[i]);
    (void)ec;
    out.append(9 - static_cast<std::size_t>(p - buf), '0');
    out.append(buf, p);
  }
  return out;
}

// The exact decimal expansion of a finite double (every binary fraction is a finite decimal).
std::string exact_double_text(double v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  int e2 = 0;
  double frac = std::frexp(std::fabs(v), &e2);
  auto mant = static_cast<std::uint64_t>(std::ldexp(frac, 53));
  e2 -= 53;
  while ((mant & 1u) == 0 && e2 < 0) {
    mant >>= 1;
    ++e2;
  }
  std::vector<std::uint32_t> limbs;
  limbs.push_back(static_cast<std::uint32_t>(mant % 1000000000u));
  if (mant >= 1000000000u) {
    limbs.push_back(static_cast<std::uint32_t>((mant / 1000000000u) % 1000000000u));
    if (mant >= 1000000000000000000u) limbs.push_back(static_cast<std::uint32_t>(mant / 1000000000000000000u));
  }
  Decimal d;
  d.neg = neg;
  if (e2 >= 0) {
    for (int k = e2; k > 0;) {
      int step = k < 30 ? k : 30;
      multiply(limbs, std::uint64_t{1} << step);
      k -= step;
    }
  } else {
    // m * 2^-k == m * 5^k / 10^k
    for (int k = -e2; k > 0;) {
      int step = k < 13 ? k : 13;
      std::uint64_t p = 1;
      for (int i = 0; i < step; ++i) p *= 5;
      multiply(limbs, p);
      k -= step;
    }
    d.exp = e2;
  }
  d.digits = limbs_to_digits(limbs);
  normalise(d);
  return render(d);
}

// Compares canonical decimal texts numerically.
int compare_canonical(std::string_view a, std::string_view b) {
  bool na = !a.empty() && a[0] == '-';
  bool nb = !b.empty() && b[0] == '-';
  if (na != nb) return na ? -1 : 1;
  if (na) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  std::size_t pa = a.find('.');
  std::size_t pb = b.find('.');
  std::string_view ia = a.substr(0, pa), ib = b.substr(0, pb);
  std::string_view fa = pa == std::string_view::npos ? std::string_view{} : a.substr(pa + 1);
  std::string_view fb = pb == std::string_view::npos ? std::string_view{} : b.substr(pb + 1);
  int r = 0;
  if (ia.size() != ib.size()) {
    r = ia.size() < ib.size() ? -1 : 1;
  } else if (int c = ia.compare(ib)) {
    r = c < 0 ? -1 : 1;
  } else if (int c2 = fa.compare(fb)) {
    r = c2 < 0 ? -1 : 1;  // canonical fractions have no trailing zeros
  }
  return na ? -r : r;
}

// Terraform and OpenTofu hold numbers as 512-bit binary floats (go-cty parses decimal text at
// that precision), so two texts that round to the same float are the same number there: a
// provider may send 1e300 back as the shortest text at 512 bits rather than its exact decimal.
// Exact comparison would call that a changed value. This treats magnitudes within a relative
// 1e-152 (about 100 ulps at 512 bits, far below any real difference) as equal.
constexpr std::size_t kCtyDigits = 152;
constexpr std::size_t kCompareDigits = kCtyDigits + 8;

// The significant digits of a canonical text (no sign) and the power of ten of the first one.
std::pair<std::string, long> significand(std::string_view t) {
  std::string digits;
  long exponent = 0;
  const std::size_t point = t.find('.');
  const std::size_t int_len = point == std::string_view::npos ? t.size() : point;
  bool seen = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '.') continue;
    if (!seen && t[i] == '0') continue;
    if (!seen) {
      seen = true;
      exponent = i < int_len ? static_cast<long>(int_len - i - 1) : -static_cast<long>(i - int_len);
    }
    digits += t[i];
  }
  return {digits, exponent};
}

// True when two canonical texts of the same sign agree to Terraform's precision.
bool same_at_cty_precision(std::string_view a, std::string_view b) {
  if (!a.empty() && a[0] == '-') a.remove_prefix(1);
  if (!b.empty() && b[0] == '-') b.remove_prefix(1);
  auto [da, ea] = significand(a);
  auto [db, eb] = significand(b);
  if (da.size() < kCtyDigits && db.size() < kCtyDigits) return false;  // short texts are exact
  if (da.empty() || db.empty() || std::abs(ea - eb) > 1) return false;
  const long top = std::max(ea, eb);
  // Both as kCompareDigits digits aligned at 10^top.
  auto aligned = [&](const std::string& d, long e) {
    std::string out(static_cast<std::size_t>(top - e), '0');
    out += d;
    out.resize(kCompareDigits, '0');
    return out;
  };
  std::string x = aligned(da, ea), y = aligned(db, eb);
  if (x < y) std::swap(x, y);
  // x - y, digit by digit; equal when the difference has no digit above the last 8.
  std::string diff(kCompareDigits, '0');
  int borrow = 0;
  for (std::size_t i = kCompareDigits; i-- > 0;) {
    int d = (x[i] - '0') - (y[i] - '0') - borrow;
    borrow = d < 0;
    diff[i] = static_cast<char>('0' + (d < 0 ? d + 10 : d));
  }
  return diff.find_first_not_of('0') >= kCtyDigits;
}

int sign_of(const Number& n) {
  const auto& r = n.repr();
  if (auto* i = std::get_if<std::int64_t>(&r)) return (*i > 0) - (*i < 0);
  if (auto* d = std::get_if<double>(&r)) return (*d > 0) - (*d < 0);
  const auto& s = std::get<std::string>(r);
  return s == "0" ? 0 : (s[0] == '-' ? -1 : 1);
}

int compare_int_double(std::int64_t i, double d) {
  if (d >= kTwo63) return -1;
  if (d < -kTwo63) return 1;
  double t = std::trunc(d);
  auto ti = static_cast<std::int64_t>(t);
  if (i != ti) return i < ti ? -1 : 1;
  double rest = d - t;
  return rest > 0 ? -1 : (rest < 0 ? 1 : 0);
}

}  // namespace

Number::Number(double v) : m_repr(v) {}

std::optional<Number> Number::parse(std::string_view text) {
  // Fast path: text already canonical ("-12", "0.25"), as encoders write it.
  {
    std::size_t k = !text.empty() && text[0] == '-' ? 1 : 0;
    std::size_t int_start = k;
    while (k < text.size() && text[k] >= '0' && text[k] <= '9') ++k;
    std::size_t int_len = k - int_start;
    bool canonical_int = int_len == 1 || (int_len > 1 && text[int_start] != '0');
    if (canonical_int && k == text.size() && int_len <= 18 && text != "-0") {
      std::int64_t v = 0;
      std::from_chars(text.data(), text.data() + text.size(), v);
      return Number(v);
    }
    if (canonical_int && k < text.size() && text[k] == '.' && text.size() <= kMaxCanonicalLength) {
      std::size_t f = ++k;
      while (k < text.size() && text[k] >= '0' && text[k] <= '9') ++k;
      if (k == text.size() && k > f && text.back() != '0') return Number(std::string(text));
    }
  }
  std::size_t i = 0;
  bool neg = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) neg = text[i++] == '-';
  std::string_view rest = text.substr(i);
  if (rest == "Inf" || rest == "inf") {
    return Number(neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity());
  }
  Decimal d;
  d.neg = neg;
  std::size_t mantissa_digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    d.digits.push_back(text[i++]);
    ++mantissa_digits;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      d.digits.push_back(text[i++]);
      --d.exp;
      ++mantissa_digits;
    }
  }
  if (mantissa_digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool eneg = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) eneg = text[i++] == '-';
    std::size_t start = i;
    std::int64_t e = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      if (e < 1000000000) e = e * 10 + (text[i] - '0');
      ++i;
    }
    if (i == start) return std::nullopt;
    d.exp += eneg ? -e : e;
  }
  if (i != text.size()) return std::nullopt;
  normalise(d);
  if (d.exp > static_cast<std::int64_t>(kMaxCanonicalLength) ||
      d.exp < -static_cast<std::int64_t>(kMaxCanonicalLength) || canonical_length(d) > kMaxCanonicalLength) {
    return std::nullopt;
  }
  std::string canonical = render(d);
  if (d.exp >= 0 && canonical.size() <= 20) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(canonical.data(), canonical.data() + canonical.size(), v);
    if (ec == std::errc() && p == canonical.data() + canonical.size()) return Number(v);
  }
  return Number(std::move(canonical));
}

bool Number::is_infinite() const noexcept {
  auto* d = std::get_if<double>(&m_repr);
  return d && std::isinf(*d);
}

bool Number::is_integer() const {
  if (is_int64()) return true;
  if (auto* d = std::get_if<double>(&m_repr)) return std::isfinite(*d) && std::trunc(*d) == *d;
  return std::get<std::string>(m_repr).find('.') == std::string::npos;
}

std::optional<std::int64_t> Number::to_int64() const {
  if (auto* i = std::get_if<std::int64_t>(&m_repr)) return *i;
  if (auto* d = std::get_if<double>(&m_repr)) {
    if (!std::isfinite(*d) || std::trunc(*d) != *d || *d >= kTwo63 || *d < -kTwo63) return std::nullopt;
    return static_cast<std::int64_t>(*d);
  }
  const std::string& s = std::get<std::string>(m_repr);
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> Number::to_exact_double() const {
  if (auto* i = std::get_if<std::int64_t>(&m_repr)) {
    auto d = static_cast<double>(*i);
    if (d >= kTwo63 || static_cast<std::int64_t>(d) != *i) return std::nullopt;
    return d;
  }
  if (auto* d = std::get_if<double>(&m_repr)) return *d;
  const std::string& s = std::get<std::string>(m_repr);
  // A canonical fraction D/10^k (D not divisible by 10) is dyadic only if 5^k divides D,
  // so its last digit must be 5: most decimal texts are rejected without any arithmetic.
  std::size_t point = s.find('.');
  if (point != std::string::npos && s.back() != '5') return std::nullopt;
  double d = to_double_approx();
  if (point != std::string::npos && std::isfinite(d) && d != 0) {
    // An exact double m*2^-j (m odd) has exactly j decimal fraction digits.
    int e2 = 0;
    double frac = std::frexp(std::fabs(d), &e2);
    auto mant = static_cast<std::uint64_t>(std::ldexp(frac, 53));
    int j = 53 - e2;
    while (j > 0 && (mant & 1u) == 0) {
      mant >>= 1;
      --j;
    }
    if (j != static_cast<int>(s.size() - point - 1)) return std::nullopt;
  }
  if (!std::isfinite(d) || exact_double_text(d) != s) return std::nullopt;
  return d;
}

double Number::to_double_approx() const {
  if (auto* i = std::get_if<std::int64_t>(&m_repr)) return static_cast<double>(*i);
  if (auto* d = std::get_if<double>(&m_repr)) return *d;
  const std::string& s = std::get<std::string>(m_repr);
  double d = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
  if (ec == std::errc::result_out_of_range) {
    // from_chars leaves d unspecified on overflow/underflow; pick the nearest extreme.
    bool tiny = s.find('.') != std::string::npos && (s.rfind("0.", 0) == 0 || s.rfind("-0.", 0) == 0);
    if (tiny) return s[0] == '-' ? -0.0 : 0.0;
    return s[0] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  }
  return d;
}

std::string Number::canonical() const {
  if (auto* i = std::get_if<std::int64_t>(&m_repr)) return std::to_string(*i);
  if (auto* d = std::get_if<double>(&m_repr)) {
    if (std::isinf(*d)) return *d > 0 ? "+Inf" : "-Inf";
    return exact_double_text(*d);
  }
  return std::get<std::string>(m_repr);
}

int compare(const Number& a, const Number& b) {
  bool ia = a.is_infinite(), ib = b.is_infinite();
  if (ia || ib) {
    double x = ia ? std::get<double>(a.m_repr) : 0.0;
    double y = ib ? std::get<double>(b.m_repr) : 0.0;
    if (ia && ib) return x < y ? -1 : (x > y ? 1 : 0);
    if (ia) return x > 0 ? 1 : -1;
    return y > 0 ? -1 : 1;
  }
  const auto* ai = std::get_if<std::int64_t>(&a.m_repr);
  const auto* bi = std::get_if<std::int64_t>(&b.m_repr);
  const auto* ad = std::get_if<double>(&a.m_repr);
  const auto* bd = std::get_if<double>(&b.m_repr);
  if (ai && bi) return *ai < *bi ? -1 : (*ai > *bi ? 1 : 0);
  if (ad && bd) return *ad < *bd ? -1 : (*ad > *bd ? 1 : 0);
  if (ai && bd) return compare_int_double(*ai, *bd);
  if (ad && bi) return -compare_int_double(*bi, *ad);
  // At least one decimal text: signs decide cheaply, else compare exact texts.
  int sa = sign_of(a), sb = sign_of(b);
  if (sa != sb) return sa < sb ? -1 : 1;
  const std::string ta = a.canonical(), tb = b.canonical();
  const int exact = compare_canonical(ta, tb);
  if (exact != 0 && same_at_cty_precision(ta, tb)) return 0;
  return exact;
}

bool operator==(const Number& a, const Number& b) { return compare(a, b) == 0; }

}  // namespace tfc::cty
