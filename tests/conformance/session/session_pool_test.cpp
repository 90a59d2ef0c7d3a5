// Lending sessions between suites (conformance/session/session_pool.hpp): a borrowed session is out of
// the pool until given back, and a lost one never comes back.
#include <gtest/gtest.h>

#include "conformance/session/session_pool.hpp"
#include "tests/conformance/memory_session.hpp"

namespace tfc::conformance {
namespace {

TEST(SessionPool, LendsEachFreeSessionToOneBorrowerAtATime) {
  testing::MemoryFactory factory;
  RpcClock clock;
  auto a = factory.open(clock);
  auto b = factory.open(clock);
  ASSERT_TRUE(a && b);
  SessionPool pool;
  EXPECT_TRUE(pool.borrow(3).empty());
  pool.lend(**a);
  pool.lend(**b);
  auto first = pool.borrow(1);
  ASSERT_EQ(first.size(), 1u);
  auto rest = pool.borrow(5);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_NE(first[0], rest[0]);
  EXPECT_TRUE(pool.borrow(1).empty());
  pool.give_back(first);
  EXPECT_EQ(pool.borrow(2), first);
}

TEST(SessionPool, ALostSessionIsNeverLentAgain) {
  testing::MemoryFactory factory;
  RpcClock clock;
  auto a = factory.open(clock);
  ASSERT_TRUE(a);
  SessionPool pool;
  pool.lend(**a);
  auto borrowed = pool.borrow(1);
  pool.lost(**a);
  pool.give_back(borrowed);
  EXPECT_TRUE(pool.borrow(1).empty());
  pool.lend(**a);
  EXPECT_TRUE(pool.borrow(1).empty());
}

}  // namespace
}  // namespace tfc::conformance
