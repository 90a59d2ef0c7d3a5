#include "runner/output_drain.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>

#include "runner/close_fd.hpp"
#include "runner/memory_limit.hpp"

namespace tfc::runner {
namespace {

void set_nonblocking(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

}  // namespace

OutputDrain::OutputDrain(int stdout_fd, int stderr_fd, std::shared_ptr<LogRing> ring, std::string_view stdout_pending,
                         std::string_view stderr_pending)
    : m_ring(std::move(ring)) {
  m_out.fd = stdout_fd;
  m_out.kind = LogStream::Stdout;
  m_err.fd = stderr_fd;
  m_err.kind = LogStream::Stderr;
  set_nonblocking(stdout_fd);
  set_nonblocking(stderr_fd);
  if (stdout_fd >= 0) m_probe_out = fcntl(stdout_fd, F_DUPFD_CLOEXEC, 0);
  if (stderr_fd >= 0) m_probe_err = fcntl(stderr_fd, F_DUPFD_CLOEXEC, 0);
  int wake[2];
  if (::pipe2(wake, O_CLOEXEC | O_NONBLOCK) == 0) {
    m_wake_read = wake[0];
    m_wake_write = wake[1];
  }
  consume(m_out, stdout_pending);
  consume(m_err, stderr_pending);
  m_thread = std::thread([this] { run(); });
}

OutputDrain::~OutputDrain() { stop(); }

void OutputDrain::stop() {
  if (m_stopped) return;
  m_stopped = true;
  m_stop_requested = true;
  if (m_wake_write >= 0) {
    const char byte = 1;
    [[maybe_unused]] const auto n = ::write(m_wake_write, &byte, 1);
  }
  if (m_thread.joinable()) m_thread.join();
  close_fd(m_out.fd);
  close_fd(m_err.fd);
  close_fd(m_wake_read);
  close_fd(m_wake_write);
  for (auto* probe : {&m_probe_out, &m_probe_err}) {
    const int fd = probe->exchange(-1);
    if (fd >= 0) ::close(fd);
  }
}

bool OutputDrain::wait_for_stderr_end(std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!m_stderr_ended.load()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

bool OutputDrain::nothing_unread() const {
  const int out = m_probe_out.load();
  const int err = m_probe_err.load();
  if (out < 0 || err < 0) return false;
  pollfd fds[2] = {{out, POLLIN, 0}, {err, POLLIN, 0}};
  if (::poll(fds, 2, 0) < 0) return false;
  // Readable, or at its end (which the thread has yet to see, or has seen: a last line without
  // its newline is stored then, and catch_up waits for that as before).
  for (const auto& fd : fds) {
    if (fd.revents != 0) return false;
  }
  // Checked after the pipes: a byte the thread took out of a pipe before that is in the ring
  // unless a pass is still under way.
  return !m_reading.load();
}

bool OutputDrain::catch_up(std::chrono::milliseconds timeout) {
  // A provider that wrote nothing since the last catch-up (its logging off) costs no wake-up:
  // about one per judged answer.
  if (nothing_unread()) return true;
  std::unique_lock lock(m_sync_mutex);
  if (!m_running) return true;
  const std::uint64_t ticket = ++m_sync_requested;
  lock.unlock();
  if (m_wake_write >= 0) {
    const char byte = 0;
    [[maybe_unused]] const auto n = ::write(m_wake_write, &byte, 1);
  }
  lock.lock();
  return m_synced.wait_for(lock, timeout, [&] { return !m_running || m_sync_done >= ticket; });
}

std::string OutputDrain::stderr_tail() const {
  const std::lock_guard lock(m_tail_mutex);
  return m_tail;
}

void OutputDrain::run() {
  while (m_out.fd >= 0 || m_err.fd >= 0) {
    pollfd fds[3] = {{m_out.fd, POLLIN, 0}, {m_err.fd, POLLIN, 0}, {m_wake_read, POLLIN, 0}};
    // Without a wake pipe, poll with a timeout so that stop() is still noticed.
    const int ready = ::poll(fds, 3, m_wake_read >= 0 ? -1 : 100);
    m_reading.store(true);
    if (ready < 0 && errno != EINTR) break;
    // The catch_up() requests made before this pass: it reads each pipe until it would block,
    // so whatever was written before them is read by its end.
    std::uint64_t requested = 0;
    {
      const std::lock_guard lock(m_sync_mutex);
      requested = m_sync_requested;
    }
    if ((fds[2].revents & POLLIN) != 0) {
      char bytes[64];
      while (::read(m_wake_read, bytes, sizeof bytes) > 0) {}
    }
    for (Stream* stream : {&m_out, &m_err}) {
      if (stream->fd >= 0 && !read_available(*stream)) {
        flush_partial(*stream);
        close_fd(stream->fd);
        if (stream == &m_err) m_stderr_ended = true;
      }
    }
    {
      const std::lock_guard lock(m_sync_mutex);
      m_sync_done = requested;
    }
    if (m_stop_requested) {
      m_synced.notify_all();
      break;
    }
    if (m_out.fd >= 0 || m_err.fd >= 0) m_reading.store(false);
    m_synced.notify_all();
  }
  // Final sweep: whatever the plugin wrote before it was stopped still counts.
  for (Stream* stream : {&m_out, &m_err}) {
    if (stream->fd >= 0) read_available(*stream);
    flush_partial(*stream);
  }
  {
    const std::lock_guard lock(m_sync_mutex);
    m_running = false;
  }
  m_synced.notify_all();
}

bool OutputDrain::read_available(Stream& stream) {
  char buffer[16384];
  while (true) {
    const ssize_t n = ::read(stream.fd, buffer, sizeof buffer);
    if (n > 0) {
      consume(stream, std::string_view(buffer, static_cast<std::size_t>(n)));
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

void OutputDrain::consume(Stream& stream, std::string_view bytes) {
  if (stream.kind == LogStream::Stderr && !bytes.empty()) {
    const std::lock_guard lock(m_tail_mutex);
    m_tail.append(bytes);
    if (m_tail.size() > kTailBytes) m_tail.erase(0, m_tail.size() - kTailBytes);
  }
  while (!bytes.empty()) {
    const auto newline = bytes.find('\n');
    const auto take = newline == std::string_view::npos ? bytes.size() : newline;
    stream.partial.append(bytes.substr(0, take));
    if (newline != std::string_view::npos) {
      flush_partial(stream);
      bytes.remove_prefix(take + 1);
    } else {
      bytes = {};
    }
    if (stream.partial.size() >= kMaxLineBytes) flush_partial(stream);
  }
}

void OutputDrain::flush_partial(Stream& stream) {
  std::string_view line = stream.partial;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (stream.kind == LogStream::Stderr && !m_said_out_of_memory.load(std::memory_order_relaxed) &&
      reads_as_out_of_memory(line))
    m_said_out_of_memory = true;
  if (!stream.partial.empty()) m_ring->push(stream.kind, std::string(line));
  stream.partial.clear();
}

}  // namespace tfc::runner
