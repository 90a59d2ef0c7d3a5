#include "runner/plugin_log.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace tfc::runner {
namespace {

TEST(PluginLogTest, HclogJsonLines) {
  const auto line =
      parse_log_line(R"({"@level":"warn","@message":"deprecated attribute","@timestamp":"2026-01-01T00:00:00Z","k":1})",
                     LogStream::Stderr);
  EXPECT_EQ(line.level, LogLevel::Warn);
  EXPECT_EQ(line.message, "deprecated attribute");
  EXPECT_EQ(line.stream, LogStream::Stderr);
  EXPECT_TRUE(line.raw.starts_with("{\"@level\""));
  EXPECT_EQ(parse_log_line(R"({"@level":"TRACE","@message":"x"})", LogStream::Stderr).level, LogLevel::Trace);
  // JSON without @level is just text.
  const auto plain = parse_log_line(R"({"message":"x"})", LogStream::Stdout);
  EXPECT_EQ(plain.level, LogLevel::None);
  EXPECT_EQ(plain.message, R"({"message":"x"})");
}

TEST(PluginLogTest, BracketedLevels) {
  struct Case {
    const char* text;
    LogLevel level;
    const char* message;
  };
  const Case cases[] = {
      {"[TRACE] a", LogLevel::Trace, "a"},
      {"[DEBUG] b", LogLevel::Debug, "b"},
      {"[INFO]  c", LogLevel::Info, " c"},
      {"[WARN] d", LogLevel::Warn, "d"},
      {"[ERROR] e", LogLevel::Error, "e"},
      {"2026-11-22T05:00:00.000Z [INFO] provider: started", LogLevel::Info, "provider: started"},
      {"[BOGUS] f", LogLevel::None, "[BOGUS] f"},
      {"plain text", LogLevel::None, "plain text"},
      {"panic: runtime error: index out of range", LogLevel::Panic, "panic: runtime error: index out of range"},
      {"fatal error: concurrent map writes", LogLevel::Panic, "fatal error: concurrent map writes"},
      {"", LogLevel::None, ""},
  };
  for (const auto& c : cases) {
    const auto line = parse_log_line(c.text, LogStream::Stderr);
    EXPECT_EQ(line.level, c.level) << c.text;
    EXPECT_EQ(line.message, c.message) << c.text;
    EXPECT_EQ(line.raw, c.text);
  }
}

TEST(PluginLogTest, RingKeepsTheNewestLines) {
  LogRing ring(3);
  for (int i = 0; i < 5; ++i) ring.push(LogStream::Stdout, std::to_string(i));
  const auto lines = ring.snapshot();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].raw, "2");
  EXPECT_EQ(lines[2].raw, "4");
  EXPECT_EQ(ring.dropped(), 2u);
}

TEST(LogRing, KeepsAtMostItsByteBudgetButAlwaysTheNewestLine) {
  LogRing ring(2000, 1000);  // each line counts its text as read
  for (int i = 0; i < 10; ++i) ring.push(LogStream::Stderr, std::string(300, static_cast<char>('a' + i)));
  const auto lines = ring.snapshot();
  ASSERT_EQ(lines.size(), 3u) << "three 300-byte lines fit in 1,000 bytes, four do not";
  EXPECT_EQ(lines[2].raw, std::string(300, 'j'));
  EXPECT_EQ(ring.dropped(), 7u);
  ring.push(LogStream::Stderr, std::string(5000, 'z'));
  ASSERT_EQ(ring.snapshot().size(), 1u) << "a line over the budget alone is still kept";
  std::size_t cursor = 0;
  EXPECT_EQ(ring.since(cursor).size(), 1u);
  EXPECT_EQ(cursor, 11u);
}

// Lines are kept as read and levelled when read back: since() and snapshot() give what
// parse_log_line gives, raw_since() the text alone, both from the same cursor arithmetic.
TEST(LogRing, LevelsLinesWhenTheyAreReadBack) {
  LogRing ring(3);
  const std::string hclog = R"({"@level":"warn","@message":"careful","@module":"provider"})";
  ring.push(LogStream::Stderr, hclog);
  ring.push(LogStream::Stdout, "[ERROR] broken");
  std::size_t levelled = 0;
  const auto lines = ring.since(levelled);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].level, LogLevel::Warn);
  EXPECT_EQ(lines[0].message, "careful");
  EXPECT_EQ(lines[0].raw, hclog);
  EXPECT_EQ(lines[1].stream, LogStream::Stdout);
  EXPECT_EQ(lines[1].level, LogLevel::Error);
  EXPECT_EQ(lines[1].message, "broken");
  std::size_t raw = 0;
  EXPECT_EQ(ring.raw_since(raw), (std::vector<std::string>{hclog, "[ERROR] broken"}));
  EXPECT_EQ(raw, levelled);
  for (int i = 0; i < 4; ++i) ring.push(LogStream::Stderr, "line " + std::to_string(i));
  EXPECT_EQ(ring.raw_since(raw), (std::vector<std::string>{"line 1", "line 2", "line 3"}))
      << "only what is still kept, after the cursor";
  EXPECT_TRUE(ring.raw_since(raw).empty());
}

RC_GTEST_PROP(PluginLogProperty, ArbitraryLinesNeverCrash, (const std::string& text)) {
  const auto line = parse_log_line(text, LogStream::Stderr);
  RC_ASSERT(line.raw == text);
}

}  // namespace
}  // namespace tfc::runner
