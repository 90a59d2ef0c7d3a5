#include "runner/first_line_reader.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tfc::runner {
namespace {

constexpr int kPollStepMs = 20;
// Output kept from stderr while waiting: enough for a panic trace, bounded against floods.
constexpr std::size_t kMaxStderrBytes = std::size_t{256} * 1024;

enum class ReadResult { Data, Eof, WouldBlock, Error };

ReadResult read_some(int fd, std::string& into) {
  char buffer[8192];
  const ssize_t n = ::read(fd, buffer, sizeof buffer);
  if (n > 0) {
    into.append(buffer, static_cast<std::size_t>(n));
    return ReadResult::Data;
  }
  if (n == 0) return ReadResult::Eof;
  return errno == EAGAIN || errno == EINTR ? ReadResult::WouldBlock : ReadResult::Error;
}

void keep_stderr_bounded(std::string& bytes) {
  if (bytes.size() > kMaxStderrBytes) bytes.erase(0, bytes.size() - kMaxStderrBytes);
}

// True once stdout holds a complete first line; moves it into `result.line`.
bool take_line(FirstLine& result) {
  const auto newline = result.stdout_bytes.find('\n');
  if (newline == std::string::npos) return false;
  result.line = result.stdout_bytes.substr(0, newline);
  result.stdout_bytes.erase(0, newline + 1);
  result.outcome = FirstLine::Outcome::Line;
  return true;
}

}  // namespace

FirstLine read_first_line(int stdout_fd, int stderr_fd, std::chrono::steady_clock::time_point deadline,
                          const std::function<bool()>& has_exited) {
  FirstLine result;
  bool stdout_open = true;
  bool stderr_open = stderr_fd >= 0;
  bool exited = false;
  while (true) {
    const auto now = std::chrono::steady_clock::now();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
    const int wait_ms = exited ? 0 : static_cast<int>(std::clamp<long long>(left.count(), 0, kPollStepMs));
    pollfd fds[2] = {{stdout_open ? stdout_fd : -1, POLLIN, 0}, {stderr_open ? stderr_fd : -1, POLLIN, 0}};
    const int ready = ::poll(fds, 2, wait_ms);
    if (ready < 0 && errno != EINTR) {
      result.outcome = FirstLine::Outcome::ReadError;
      result.error = std::string("poll failed: ") + std::strerror(errno);
      return result;
    }
    bool got_data = false;
    if (stderr_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      const auto r = read_some(stderr_fd, result.stderr_bytes);
      got_data |= r == ReadResult::Data;
      if (r == ReadResult::Eof || r == ReadResult::Error) stderr_open = false;
      keep_stderr_bounded(result.stderr_bytes);
    }
    if (stdout_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      const auto r = read_some(stdout_fd, result.stdout_bytes);
      got_data |= r == ReadResult::Data;
      if (r == ReadResult::Error) {
        result.outcome = FirstLine::Outcome::ReadError;
        result.error = std::string("reading stdout failed: ") + std::strerror(errno);
        return result;
      }
      if (r == ReadResult::Eof) stdout_open = false;
    }
    if (take_line(result)) return result;
    if (result.stdout_bytes.size() > FirstLine::kMaxLineBytes) {
      result.outcome = FirstLine::Outcome::TooLong;
      return result;
    }
    // After the exit, keep reading until both pipes are empty: what the plugin printed just
    // before dying (a panic, a usage message) is the useful part of the error.
    if (exited && (!got_data || std::chrono::steady_clock::now() >= deadline)) {
      result.outcome = FirstLine::Outcome::Exited;
      return result;
    }
    if (!exited && has_exited()) {
      exited = true;
      continue;
    }
    if (!stdout_open && !exited) {
      // Give a process that closed stdout on its way out a moment to be seen as exited.
      if (std::chrono::steady_clock::now() >= deadline) {
        result.outcome = FirstLine::Outcome::StdoutClosed;
        return result;
      }
      for (int i = 0; i < 10 && !exited; ++i) {
        ::usleep(5000);
        exited = has_exited();
      }
      if (!exited) {
        result.outcome = FirstLine::Outcome::StdoutClosed;
        return result;
      }
      continue;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      result.outcome = FirstLine::Outcome::Timeout;
      return result;
    }
  }
}

}  // namespace tfc::runner
