#pragma once
// Keeps reading a plugin's stdout and stderr after the handshake so it never blocks on a full
// pipe (docs/protocol.md §2.2: "keep draining both pipes"), turning lines into
// levelled LogLines.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "runner/plugin_log.hpp"

namespace tfc::runner {

class OutputDrain {
public:
  /// Takes ownership of both (readable) descriptors and starts one background thread.
  /// `stdout_pending`/`stderr_pending` are bytes already read from them (after the handshake
  /// line) that are processed first.
  OutputDrain(int stdout_fd, int stderr_fd, std::shared_ptr<LogRing> ring, std::string_view stdout_pending,
              std::string_view stderr_pending);
  ~OutputDrain();
  OutputDrain(const OutputDrain&) = delete;
  OutputDrain& operator=(const OutputDrain&) = delete;

  /// Reads whatever is still buffered in the pipes, stops the thread and closes the
  /// descriptors. Idempotent.
  void stop();
  /// The last bytes the plugin wrote to stderr (at most kTailBytes).
  std::string stderr_tail() const;
  /// True once a stderr line said the plugin ran out of memory (kept even when a long crash
  /// dump pushes that line out of the log and the tail).
  bool said_out_of_memory() const noexcept { return m_said_out_of_memory.load(); }
  /// Waits until everything the plugin wrote to stderr has been read (end of file: the plugin
  /// and whatever shared its stderr have exited), at most `timeout`; false when it has not.
  bool wait_for_stderr_end(std::chrono::milliseconds timeout) const;
  /// Waits until every byte the plugin wrote to its pipes before this call is in the ring, at
  /// most `timeout` (the drain thread reads in the background: a log read right after an RPC
  /// answered could otherwise miss the lines the provider wrote while answering it). True when
  /// caught up (also once the drain has stopped).
  bool catch_up(std::chrono::milliseconds timeout);

  static constexpr std::size_t kTailBytes = 8192;
  /// Longer lines are cut into pieces of this size.
  static constexpr std::size_t kMaxLineBytes = std::size_t{64} * 1024;

private:
  struct Stream {
    int fd = -1;
    LogStream kind = LogStream::Stdout;
    std::string partial;
  };

  void run();
  /// True when neither pipe holds an unread byte and no reading pass is under way: everything
  /// written so far is in the ring already (catch_up's way out without waking the thread).
  bool nothing_unread() const;
  /// Reads until the pipe would block; false once it reached end of file.
  bool read_available(Stream& stream);
  void consume(Stream& stream, std::string_view bytes);
  void flush_partial(Stream& stream);

  std::shared_ptr<LogRing> m_ring;
  Stream m_out;
  Stream m_err;
  int m_wake_read = -1;
  int m_wake_write = -1;
  // Duplicates of the two pipes' read ends that only catch_up polls: they stay open while the
  // thread closes its own at end of file (a closed descriptor's number may be reused), until
  // stop(), so that nothing writing to the pipes then blocks on them.
  std::atomic<int> m_probe_out{-1};
  std::atomic<int> m_probe_err{-1};
  // Set by the thread before a reading pass, cleared once what it read is in the ring (never
  // after its last pass: catch_up then waits for the end as before).
  std::atomic<bool> m_reading{false};
  mutable std::mutex m_tail_mutex;
  std::string m_tail;
  std::thread m_thread;
  bool m_stopped = false;
  std::atomic<bool> m_stop_requested{false};
  std::atomic<bool> m_said_out_of_memory{false};
  std::atomic<bool> m_stderr_ended{false};
  // catch_up(): a request's number, and the last one whose reading pass has finished.
  std::mutex m_sync_mutex;
  std::condition_variable m_synced;
  std::uint64_t m_sync_requested = 0;
  std::uint64_t m_sync_done = 0;
  bool m_running = true;  // false once run() returned
};

}  // namespace tfc::runner
