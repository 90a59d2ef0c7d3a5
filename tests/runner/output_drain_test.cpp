// The drain reads a plugin's pipes on its own thread: a log read right after the plugin wrote
// (an RPC's answer came back) must still hold every line written before it, once catch_up() has
// returned.
#include "runner/output_drain.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace tfc::runner {
namespace {

/// A plugin's two pipes: the drain reads their read ends, the test writes to the others.
struct Pipes {
  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  Pipes() {
    EXPECT_EQ(::pipe(out), 0);
    EXPECT_EQ(::pipe(err), 0);
  }
  /// The plugin exits: both write ends closed.
  void close_writers() {
    ::close(out[1]);
    ::close(err[1]);
  }
};

TEST(OutputDrainTest, CatchUpHoldsEveryLineWrittenBeforeIt) {
  Pipes p;
  auto ring = std::make_shared<LogRing>(100'000);
  OutputDrain drain(p.out[0], p.err[0], ring, "", "");
  std::size_t cursor = 0;
  std::size_t written = 0;
  // Rounds of lines written at once, each read back right away: without waiting for the drain
  // thread, the read finds only part of a round.
  for (int round = 0; round < 20; ++round) {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += "{\"@level\":\"trace\",\"@message\":\"line " + std::to_string(i) + "\"}\n";
    ASSERT_EQ(::write(p.err[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
    written += 1000;
    ASSERT_TRUE(drain.catch_up(std::chrono::seconds(10)));
    const std::size_t before = cursor;
    ring->raw_since(cursor);
    ASSERT_EQ(cursor, written) << "round " << round << ": " << cursor - before << " of 1000 lines read";
  }
  p.close_writers();
  drain.stop();
  EXPECT_TRUE(drain.catch_up(std::chrono::milliseconds(1)));  // a stopped drain has nothing left to read
}

TEST(OutputDrainTest, CatchUpAfterEachSingleLineHoldsThatLine) {
  // One short line at a time, read back at once: the catch-up that finds the pipes empty must
  // not return while the thread still holds what it took out of them.
  Pipes p;
  auto ring = std::make_shared<LogRing>(100'000);
  OutputDrain drain(p.out[0], p.err[0], ring, "", "");
  std::size_t cursor = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string line = "{\"@level\":\"info\",\"@message\":\"line " + std::to_string(i) + "\"}\n";
    const int fd = i % 2 == 0 ? p.err[1] : p.out[1];
    ASSERT_EQ(::write(fd, line.data(), line.size()), static_cast<ssize_t>(line.size()));
    ASSERT_TRUE(drain.catch_up(std::chrono::seconds(10)));
    ring->raw_since(cursor);
    ASSERT_EQ(cursor, static_cast<std::size_t>(i + 1)) << "line " << i;
    // Nothing written since: caught up at once, nothing new.
    ASSERT_TRUE(drain.catch_up(std::chrono::seconds(10)));
    ASSERT_TRUE(ring->raw_since(cursor).empty());
  }
  p.close_writers();
  drain.stop();
}

TEST(OutputDrainTest, ThePartialLastLineOfAPluginThatExitedIsThereAfterCatchUp) {
  Pipes p;
  auto ring = std::make_shared<LogRing>(100'000);
  OutputDrain drain(p.out[0], p.err[0], ring, "", "");
  const std::string last = "panic: runtime error: index out of range";  // no newline: the process died
  ASSERT_EQ(::write(p.err[1], last.data(), last.size()), static_cast<ssize_t>(last.size()));
  p.close_writers();
  ASSERT_TRUE(drain.catch_up(std::chrono::seconds(10)));
  std::size_t cursor = 0;
  const auto lines = ring->raw_since(cursor);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines.front().find(last), std::string::npos) << lines.front();
  drain.stop();
}

}  // namespace
}  // namespace tfc::runner
