// The loopback server over real sockets: every method answered 200 with the JSON body (HEAD
// without it), bounded requests, slow and silent clients cut off, the port closed after stop().
#include "world/loopback_server.hpp"

#include <gtest/gtest.h>

#include "tests/world/http_client.hpp"

namespace tfc::world {
namespace {

using testing::connect_loopback;
using testing::exchange;
using testing::read_to_end;

std::unique_ptr<LoopbackServer> started(std::chrono::milliseconds deadline = std::chrono::milliseconds(3000)) {
  auto server = LoopbackServer::start(deadline);
  EXPECT_TRUE(server) << (server ? "" : server.error().message);
  return server ? std::move(*server) : nullptr;
}

std::string body_of(const std::string& answer) {
  const auto at = answer.find("\r\n\r\n");
  return at == std::string::npos ? std::string() : answer.substr(at + 4);
}

TEST(LoopbackServer, AnswersGetHeadPostAndOtherMethodsWithJson) {
  auto server = started();
  ASSERT_TRUE(server);
  EXPECT_EQ(server->url(), "http://127.0.0.1:" + std::to_string(server->port()) + "/");
  EXPECT_NE(server->port(), 0);
  const std::string get = exchange(server->port(), "GET /any/path?q=1 HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(get.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << get;
  EXPECT_NE(get.find("Content-Type: application/json\r\n"), std::string::npos) << get;
  EXPECT_NE(get.find("Connection: close\r\n"), std::string::npos) << get;
  EXPECT_EQ(body_of(get), LoopbackServer::kBody);

  const std::string head = exchange(server->port(), "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(head.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << head;
  EXPECT_NE(head.find("Content-Length: " + std::to_string(std::string(LoopbackServer::kBody).size())),
            std::string::npos);
  EXPECT_EQ(body_of(head), "");

  const std::string post =
      exchange(server->port(), "POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world");
  EXPECT_EQ(post.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << post;
  EXPECT_EQ(body_of(post), LoopbackServer::kBody);

  const std::string chunked = exchange(
      server->port(), "PUT / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ(chunked.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << chunked;

  const std::string other = exchange(server->port(), "PATCH / HTTP/1.0\r\n\r\n");
  EXPECT_EQ(other.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << other;
  EXPECT_EQ(server->answered(), 5u);
}

TEST(LoopbackServer, RefusesMalformedAndOversizedRequests) {
  auto server = started();
  ASSERT_TRUE(server);
  EXPECT_EQ(exchange(server->port(), "nonsense\r\n\r\n").rfind("HTTP/1.1 400 ", 0), 0u);
  const std::string big_head = "GET / HTTP/1.1\r\nX-Long: " + std::string(LoopbackServer::kMaxHead + 10, 'a');
  EXPECT_EQ(exchange(server->port(), big_head).rfind("HTTP/1.1 431 ", 0), 0u);
  const std::string big_body = "POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\nabc";
  EXPECT_EQ(exchange(server->port(), big_body).rfind("HTTP/1.1 413 ", 0), 0u);
  // Still serving after them.
  EXPECT_EQ(exchange(server->port(), "GET / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 200 OK", 0), 0u);
}

TEST(LoopbackServer, ASilentClientIsCutOffAndTheNextOneServed) {
  auto server = started(std::chrono::milliseconds(200));
  ASSERT_TRUE(server);
  const int silent = connect_loopback(server->port());
  ASSERT_GE(silent, 0);
  // Half a request, never finished: the server closes it at its deadline, unanswered.
  const std::string partial = "GET / HTTP/1.1\r\nHost:";
  ASSERT_GT(::send(silent, partial.data(), partial.size(), MSG_NOSIGNAL), 0);
  EXPECT_EQ(read_to_end(silent), "");
  ::close(silent);
  EXPECT_EQ(exchange(server->port(), "GET / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 200 OK", 0), 0u);
}

TEST(LoopbackServer, StopClosesThePortEvenWithAClientConnected) {
  auto server = started();
  ASSERT_TRUE(server);
  const auto port = server->port();
  const int idle = connect_loopback(port);  // never sends: stop() must not wait for it
  ASSERT_GE(idle, 0);
  server->stop();
  ::close(idle);
  EXPECT_EQ(connect_loopback(port), -1);
  server->stop();  // idempotent
}

}  // namespace
}  // namespace tfc::world
