// The drain reads a plugin's pipes on its own thread: a log read right after the plugin wrote
// (an RPC's answer came back) must still hold every line written before it, once catch_up() has
// returned.
#include "runner/output_drain.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace tfc::runner {
namespace {

TEST(OutputDrainTest, CatchUpHoldsEveryLineWrittenBeforeIt) {
  int out[2];
  int err[2];
  ASSERT_EQ(::pipe(out), 0);
  ASSERT_EQ(::pipe(err), 0);
  auto ring = std::make_shared<LogRing>(100'000);
  OutputDrain drain(out[0], err[0], ring, "", "");
  std::size_t cursor = 0;
  std::size_t written = 0;
  // Rounds of lines written at once, each read back right away: without waiting for the drain
  // thread, the read finds only part of a round.
  for (int round = 0; round < 20; ++round) {
    std::string text;
    for (int i = 0; i < 1000; ++i) text += "{\"@level\":\"trace\",\"@message\":\"line " + std::to_string(i) + "\"}\n";
    ASSERT_EQ(::write(err[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
    written += 1000;
    ASSERT_TRUE(drain.catch_up(std::chrono::seconds(10)));
    const std::size_t before = cursor;
    ring->raw_since(cursor);
    ASSERT_EQ(cursor, written) << "round " << round << ": " << cursor - before << " of 1000 lines read";
  }
  ::close(out[1]);
  ::close(err[1]);
  drain.stop();
  EXPECT_TRUE(drain.catch_up(std::chrono::milliseconds(1)));  // a stopped drain has nothing left to read
}

}  // namespace
}  // namespace tfc::runner
