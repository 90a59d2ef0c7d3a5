#pragma once
// Reading the handshake line: the first stdout line of a just-started plugin, within a
// deadline, while also collecting its stderr (docs/protocol.md §2.2).

#include <chrono>
#include <functional>
#include <string>

namespace tfc::runner {

struct FirstLine {
  enum class Outcome {
    /// `line` holds the first line (without its newline).
    Line,
    /// The process ended before printing a whole line.
    Exited,
    /// stdout reached end of file while the process was still running.
    StdoutClosed,
    /// The deadline passed.
    Timeout,
    /// More than kMaxLineBytes arrived without a newline.
    TooLong,
    /// poll/read failed; `error` says why.
    ReadError,
  };
  Outcome outcome = Outcome::Timeout;
  std::string line;
  /// Bytes read from stdout after the line (or everything read when there is no line).
  std::string stdout_bytes;
  /// Everything read from stderr so far.
  std::string stderr_bytes;
  std::string error;

  static constexpr std::size_t kMaxLineBytes = std::size_t{64} * 1024;
};

/// Polls both descriptors until stdout yields a newline, `has_exited()` turns true (checked
/// between polls, every few ms; output written before the exit is still collected), stdout
/// closes, or `deadline` passes. Never blocks past the deadline (plus one poll step).
FirstLine read_first_line(int stdout_fd, int stderr_fd, std::chrono::steady_clock::time_point deadline,
                          const std::function<bool()>& has_exited);

}  // namespace tfc::runner
