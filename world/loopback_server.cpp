#include "world/loopback_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <string_view>

namespace tfc::world {
namespace {

using Clock = std::chrono::steady_clock;

enum class Wait { Ready, Woken, TimedOut };

/// Waits until `fd` is readable, the wake pipe is written or `until` passes.
Wait wait_readable(int fd, int wake, Clock::time_point until) {
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0) return Wait::TimedOut;
    pollfd fds[2] = {{fd, POLLIN, 0}, {wake, POLLIN, 0}};
    const int n = ::poll(fds, 2, static_cast<int>(std::min<long long>(left, 1000)));
    if (n < 0 && errno != EINTR) return Wait::TimedOut;
    if (n <= 0) continue;
    if (fds[1].revents != 0) return Wait::Woken;
    if (fds[0].revents != 0) return Wait::Ready;
  }
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// The value of header `name` (lowercase) in a request head, or empty.
std::string header(std::string_view head, std::string_view name) {
  const std::string all = lower(head);
  const std::string key = "\r\n" + std::string(name) + ":";
  const auto at = all.find(key);
  if (at == std::string::npos) return {};
  auto start = at + key.size();
  const auto end = all.find("\r\n", start);
  while (start < end && (all[start] == ' ' || all[start] == '\t')) ++start;
  return all.substr(start, end - start);
}

void send_all(int fd, const std::string& data) {
  std::size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

std::string answer(int status, const char* reason, bool with_body) {
  const std::string body = status == 200 ? LoopbackServer::kBody : "{\"error\":\"" + std::string(reason) + "\"}";
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + reason +
                    "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                    "\r\nConnection: close\r\n\r\n";
  if (with_body) out += body;
  return out;
}

}  // namespace

Expected<std::unique_ptr<LoopbackServer>> LoopbackServer::start(std::chrono::milliseconds deadline) {
  std::unique_ptr<LoopbackServer> server(new LoopbackServer());
  server->m_deadline = deadline;
  if (::pipe2(server->m_wake, O_CLOEXEC) != 0)
    return Error{std::string("loopback server: pipe: ") + std::strerror(errno)};
  server->m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (server->m_listen < 0) return Error{std::string("loopback server: socket: ") + std::strerror(errno)};
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;  // a free port
  if (::bind(server->m_listen, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(server->m_listen, 16) != 0)
    return Error{std::string("loopback server: cannot listen on 127.0.0.1: ") + std::strerror(errno)};
  socklen_t len = sizeof addr;
  if (::getsockname(server->m_listen, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
    return Error{std::string("loopback server: getsockname: ") + std::strerror(errno)};
  server->m_port = ntohs(addr.sin_port);
  server->m_thread = std::thread([s = server.get()] { s->serve(); });
  return server;
}

LoopbackServer::~LoopbackServer() { stop(); }

std::string LoopbackServer::url() const { return "http://127.0.0.1:" + std::to_string(m_port) + "/"; }

void LoopbackServer::stop() {
  if (m_thread.joinable()) {
    const char byte = 'x';
    [[maybe_unused]] const auto n = ::write(m_wake[1], &byte, 1);
    m_thread.join();
  }
  for (int* fd : {&m_listen, &m_wake[0], &m_wake[1]}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

void LoopbackServer::serve() {
  while (true) {
    // No deadline while waiting for the next connection: a day, then wait again.
    const Wait w = wait_readable(m_listen, m_wake[0], Clock::now() + std::chrono::hours(24));
    if (w == Wait::Woken) return;
    if (w != Wait::Ready) continue;
    const int client = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0) continue;
    handle(client);
    ::close(client);
  }
}

void LoopbackServer::handle(int client) {
  const auto until = Clock::now() + m_deadline;
  std::string in;
  char buf[4096];
  auto read_some = [&]() -> bool {
    if (wait_readable(client, m_wake[0], until) != Wait::Ready) return false;
    const ssize_t n = ::recv(client, buf, sizeof buf, 0);
    if (n <= 0) return false;
    in.append(buf, static_cast<std::size_t>(n));
    return true;
  };
  // The head: up to the blank line, bounded.
  std::size_t head_end = std::string::npos;
  while ((head_end = in.find("\r\n\r\n")) == std::string::npos) {
    if (in.size() > kMaxHead) {
      send_all(client, answer(431, "Request Header Fields Too Large", true));
      ++m_answered;
      ::shutdown(client, SHUT_RDWR);
      return;
    }
    if (!read_some()) return;  // closed, too slow, or the server stops: nothing to answer
  }
  const std::string_view head(in.data(), head_end + 2);
  const auto first_space = head.find(' ');
  const bool well_formed = first_space != std::string_view::npos && first_space > 0 &&
                           head.find(" HTTP/1.", first_space) != std::string_view::npos;
  const std::string method(head.substr(0, first_space == std::string_view::npos ? 0 : first_space));
  int status = well_formed ? 200 : 400;
  // The body: read (and dropped) so that closing does not reset the connection under the
  // client's feet; a chunked one up to its last chunk.
  if (status == 200) {
    std::size_t body = in.size() - (head_end + 4);
    const std::string length = header(head, "content-length");
    const bool chunked = header(head, "transfer-encoding").find("chunked") != std::string::npos;
    std::size_t want = 0;
    if (!length.empty()) {
      want = static_cast<std::size_t>(std::strtoull(length.c_str(), nullptr, 10));
      if (want > kMaxBody) status = 413;
    }
    while (status == 200 && (chunked ? in.find("\r\n0\r\n\r\n", head_end) == std::string::npos &&
                                           in.compare(head_end + 4, 5, "0\r\n\r\n") != 0
                                     : body < want)) {
      if (in.size() - head_end > kMaxBody + 64) {
        status = 413;
        break;
      }
      if (!read_some()) return;
      body = in.size() - (head_end + 4);
    }
  }
  const char* reason = status == 200 ? "OK" : status == 413 ? "Payload Too Large" : "Bad Request";
  send_all(client, answer(status, reason, method != "HEAD"));
  ++m_answered;
  // A graceful close: our side first, then what the client still sends until it closes too
  // (bounded by the same deadline).
  ::shutdown(client, SHUT_WR);
  while (wait_readable(client, m_wake[0], until) == Wait::Ready) {
    if (::recv(client, buf, sizeof buf, 0) <= 0) break;
  }
}

}  // namespace tfc::world
