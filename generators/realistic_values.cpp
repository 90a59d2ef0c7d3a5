#include "generators/realistic_values.hpp"

#include <utility>
#include <vector>

#include "generators/config_combinators.hpp"
#include "generators/hints_pattern.hpp"

namespace tfc::gen {

namespace {

using cty::Number;

/// One of `alternatives`, picked by weight; shrinks towards the first alternative (then within
/// it), so the simplest shape is listed first.
template <class T>
rc::Gen<T> weighted_shrinking(std::vector<std::pair<int, rc::Gen<T>>> alternatives) {
  int total = 0;
  for (const auto& a : alternatives) total += a.first;
  return rc::gen::mapcat(rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, total)),
                         [alternatives = std::move(alternatives)](int r) {
                           for (const auto& [weight, gen] : alternatives) {
                             if (r < weight) return gen;
                             r -= weight;
                           }
                           return alternatives.back().second;
                         });
}

rc::Gen<std::string> from_pattern(const char* text) { return pattern_string(*parse_pattern(text)); }

/// A value from a fixed list, uniform; shrinks towards the first entry.
template <class T>
rc::Gen<T> one_of_list(std::vector<T> items) {
  const std::size_t count = items.size();  // before the lambda takes the items
  return rc::gen::map(index_below(count), [items = std::move(items)](std::size_t i) { return items[i]; });
}

const std::vector<std::string>& words() {
  static const std::vector<std::string> kWords = {
      "example", "test",     "main",     "web",     "app",     "data",   "default", "primary", "backup", "prod",
      "dev",     "staging",  "alpha",    "beta",    "service", "server", "cache",   "queue",   "logs",   "public",
      "private", "internal", "frontend", "backend", "worker",  "blue",   "green",   "east",    "west"};
  return kWords;
}

/// `example`, `web-server`, `app_2`, `data-backup-3`: words joined by '-' or '_', maybe numbered.
rc::Gen<std::string> resource_name() {
  const auto word = one_of_list(words());
  return rc::gen::apply(
      [](std::string first, const std::string& second, int separator, int number) {
        static const char* kSeparators[] = {"-", "_", ""};
        std::string out = std::move(first);
        if (!second.empty()) out += kSeparators[separator % 2] + second;
        if (number > 0) out += kSeparators[separator] + std::to_string(number);
        return out;
      },
      word, weighted_shrinking<std::string>({{1, rc::gen::just(std::string())}, {1, word}}), rc::gen::inRange(0, 3),
      weighted_shrinking<int>({{1, rc::gen::just(0)}, {1, rc::gen::inRange(1, 10)}}));
}

/// A capitalised sentence of two to six words ending in a full stop.
rc::Gen<std::string> sentence() {
  return rc::gen::map(vector_between<std::string>(2, 6, one_of_list(words())), [](const std::vector<std::string>& ws) {
    std::string out;
    for (const auto& w : ws) out += (out.empty() ? "" : " ") + w;
    out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out + ".";
  });
}

/// Formats configurations are full of. Durations stay short (a provider may really wait that
/// long) and there are no absolute paths (a provider may really write there).
rc::Gen<std::string> everyday_format() {
  return one_of_list<std::string>({"10.0.0.0/16",
                                   "10.0.1.0/24",
                                   "192.168.1.10",
                                   "0.0.0.0/0",
                                   "https://example.com",
                                   "https://example.com/path?q=1",
                                   "user@example.com",
                                   "example.com",
                                   "2024-01-02T03:04:05Z",
                                   "2024-06-30",
                                   "1s",
                                   "500ms",
                                   "0s",
                                   "{}",
                                   "{\"key\":\"value\"}",
                                   "us-east-1",
                                   "t3.micro",
                                   "v1.2.3",
                                   "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                                   "arn:aws:iam::123456789012:role/example",
                                   "*",
                                   "Hello, World!"});
}

/// Printable text beyond ASCII, all in the Basic Multilingual Plane.
rc::Gen<std::string> accented() {
  // "Stra\xc3\x9f" "e" is one word split so that the hex escape ends before the "e".
  return one_of_list<std::string>({"caf\xc3\xa9", "na\xc3\xafve",
                                   "Stra\xc3\x9f"
                                   "e",
                                   "\xe6\x97\xa5\xe6\x9c\xac",  // NOLINT(bugprone-suspicious-missing-comma)
                                   "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xbc\xd0\xb5\xd1\x80"});
}

}  // namespace

namespace {

/// realistic_number()'s choices, with or without its decimals.
rc::Gen<Number> realistic_number_of(bool decimals) {
  const auto whole = [](rc::Gen<int> g) {
    return rc::gen::map(std::move(g), [](int i) { return Number(std::int64_t{i}); });
  };
  const auto decimal = rc::gen::apply(
      [](int units, const std::string& fraction) { return *Number::parse(std::to_string(units) + "." + fraction); },
      rc::gen::inRange(0, 101), one_of_list<std::string>({"5", "25", "1", "75", "2", "01", "9", "99"}));
  std::vector<std::pair<int, rc::Gen<Number>>> choices = {
      {3, whole(rc::gen::element(0, 1))},
      {6, whole(rc::gen::inRange(0, 101))},
      {2, whole(one_of_list<int>({2,    3,    5,    8,    10,   12,   16,    20,
                                  22,   24,   30,   32,   60,   64,   80,    90,
                                  100,  128,  256,  300,  365,  443,  512,   1000,
                                  1024, 3306, 3600, 5432, 8080, 8443, 65535, static_cast<int>(kRealisticNumberMax)}))},
      {1, whole(rc::gen::inRange(-10, 0))},
  };
  if (decimals) choices.insert(choices.begin() + 3, {2, decimal});
  return weighted_shrinking<Number>(std::move(choices));
}

}  // namespace

rc::Gen<Number> realistic_number() { return realistic_number_of(true); }

rc::Gen<Number> realistic_whole_number() { return realistic_number_of(false); }

rc::Gen<std::string> realistic_text() {
  return weighted_shrinking<std::string>({
      {1, rc::gen::just(std::string())},
      {5, resource_name()},
      {3, from_pattern("[a-z][a-z0-9_]{0,11}")},
      {2, sentence()},
      {2, everyday_format()},
      {1, from_pattern("[A-Z][a-z]{2,8}")},
      {1, accented()},
  });
}

rc::Gen<std::string> realistic_key() {
  return weighted_shrinking<std::string>({
      {1, one_of_list<std::string>({"a", "name", "env", "team", "owner", "tier", "app", "key"})},
      {1, from_pattern("[a-z][a-z0-9_]{0,7}")},
  });
}

}  // namespace tfc::gen
