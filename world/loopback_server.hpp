#pragma once
// A small HTTP/1.1 server on 127.0.0.1 for the run's URL attributes: it answers every request
// (GET, HEAD, POST and any other method) with 200 and a small JSON body, one connection at a
// time on one thread, and closes each connection after its answer. A slow or broken client
// cannot hold it: each connection has a deadline and the request it may send is bounded.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "proto/util/expected.hpp"

namespace tfc::world {

class LoopbackServer {
public:
  /// The JSON body of every answer (HEAD: its length only).
  static constexpr const char* kBody = "{\"result\":\"ok\"}";
  /// The most a request head (request line and headers) may hold; a bigger one is answered 431.
  static constexpr std::size_t kMaxHead = 16 * 1024;
  /// The most request body read; a bigger one is answered 413 without reading it all.
  static constexpr std::size_t kMaxBody = 64 * 1024;

  /// Binds 127.0.0.1 on a free port and starts serving. `deadline`: how long one connection
  /// may take to send its request.
  static Expected<std::unique_ptr<LoopbackServer>> start(
      std::chrono::milliseconds deadline = std::chrono::milliseconds(3000));
  ~LoopbackServer();
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;

  std::uint16_t port() const noexcept { return m_port; }
  /// http://127.0.0.1:PORT/
  std::string url() const;
  /// Requests answered so far (any status).
  std::size_t answered() const noexcept { return m_answered.load(); }
  /// Stops accepting, ends the connection in hand, joins the thread, closes the socket
  /// (idempotent).
  void stop();

private:
  LoopbackServer() = default;
  void serve();
  void handle(int client);

  int m_listen = -1;
  int m_wake[2] = {-1, -1};  // a pipe: writing to it ends serve()
  std::uint16_t m_port = 0;
  std::chrono::milliseconds m_deadline{3000};
  std::atomic<std::size_t> m_answered{0};
  std::thread m_thread;
};

}  // namespace tfc::world
