#include "runner/plugin_log.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace tfc::runner {
namespace {

TEST(PluginLogTest, HclogJsonLines) {
  const auto line = parse_log_line(
      R"({"@level":"warn","@message":"deprecated attribute","@timestamp":"2026-01-01T00:00:00Z","k":1})",
      LogStream::Stderr);
  EXPECT_EQ(line.level, LogLevel::Warn);
  EXPECT_EQ(line.message, "deprecated attribute");
  EXPECT_EQ(line.stream, LogStream::Stderr);
  EXPECT_TRUE(line.raw.starts_with("{\"@level\""));
  EXPECT_EQ(parse_log_line(R"({"@level":"TRACE","@message":"x"})", LogStream::Stderr).level,
            LogLevel::Trace);
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
      {"panic: runtime error: index out of range", LogLevel::Panic,
       "panic: runtime error: index out of range"},
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
  for (int i = 0; i < 5; ++i) ring.push(parse_log_line(std::to_string(i), LogStream::Stdout));
  const auto lines = ring.snapshot();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].raw, "2");
  EXPECT_EQ(lines[2].raw, "4");
  EXPECT_EQ(ring.dropped(), 2u);
}

TEST(LogRing, KeepsAtMostItsByteBudgetButAlwaysTheNewestLine) {
  LogRing ring(2000, 1000);  // each 300-byte line below counts its raw text and its message
  for (int i = 0; i < 10; ++i) ring.push(parse_log_line(std::string(300, static_cast<char>('a' + i)), LogStream::Stderr));
  const auto lines = ring.snapshot();
  ASSERT_EQ(lines.size(), 1u) << "two 600-byte lines do not fit in 1,000 bytes";
  EXPECT_EQ(lines[0].raw, std::string(300, 'j'));
  EXPECT_EQ(ring.dropped(), 9u);
  ring.push(parse_log_line(std::string(5000, 'z'), LogStream::Stderr));
  ASSERT_EQ(ring.snapshot().size(), 1u) << "a line over the budget alone is still kept";
  std::size_t cursor = 0;
  EXPECT_EQ(ring.since(cursor).size(), 1u);
  EXPECT_EQ(cursor, 11u);
}

RC_GTEST_PROP(PluginLogProperty, ArbitraryLinesNeverCrash, (const std::string& text)) {
  const auto line = parse_log_line(text, LogStream::Stderr);
  RC_ASSERT(line.raw == text);
}

}  // namespace
}  // namespace tfc::runner
