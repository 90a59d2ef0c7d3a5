#pragma once
// A provider's own log lines (stderr, and stdout after the handshake), levelled the way
// go-plugin's client does it (docs/protocol.md §2.2, last paragraph), kept in a
// bounded ring for reports.

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfc::runner {

enum class LogLevel { None, Trace, Debug, Info, Warn, Error, Panic };
enum class LogStream { Stdout, Stderr };

/// "trace", "debug"... ("none" for lines without a level).
std::string_view to_string(LogLevel level);

struct LogLine {
  LogStream stream = LogStream::Stderr;
  LogLevel level = LogLevel::None;
  /// The hclog `@message`, the text after a `[LEVEL]` tag, or the whole line.
  std::string message;
  /// The line as read (without its newline).
  std::string raw;
};

/// Levels one line: a JSON object with string `@level` (and `@message`) is an hclog record;
/// otherwise a `[TRACE]`/`[DEBUG]`/`[INFO]`/`[WARN]`/`[ERROR]` tag at the start or after a
/// leading timestamp word; `panic: ` and `fatal error: ` starts are Panic. Never fails.
LogLine parse_log_line(std::string_view line, LogStream stream);

/// Thread-safe bounded buffer of the most recent lines, at most `capacity` lines and about
/// `max_bytes` of text (a provider flooding 64 KiB lines must not hold 2,000 of them); counts the
/// ones it dropped. The newest line is always kept. Lines are kept as read and levelled only
/// when asked for as LogLines: providers log at trace level by default (terraform-provider-aws
/// writes about a megabyte of JSON records while answering GetProviderSchema), and most lines
/// are never looked at.
class LogRing {
public:
  static constexpr std::size_t kDefaultMaxBytes = std::size_t{8} * 1024 * 1024;

  explicit LogRing(std::size_t capacity, std::size_t max_bytes = kDefaultMaxBytes)
      : m_capacity(capacity == 0 ? 1 : capacity), m_max_bytes(max_bytes) {}

  void push(LogStream stream, std::string raw);
  /// The kept lines, oldest first.
  std::vector<LogLine> snapshot() const;
  /// How many lines fell off the front.
  std::size_t dropped() const;
  /// The lines pushed since `cursor` (a count of lines ever pushed; 0 at first) that are still
  /// kept, oldest first; moves `cursor` to the current count. Copies only those lines.
  std::vector<LogLine> since(std::size_t& cursor) const;
  /// The same lines as since(), as read (LogLine::raw), without levelling them.
  std::vector<std::string> raw_since(std::size_t& cursor) const;

private:
  struct Kept {
    LogStream stream;
    std::string raw;
  };
  /// The kept lines after `cursor`, under the lock; moves the cursor.
  std::pair<std::deque<Kept>::const_iterator, std::deque<Kept>::const_iterator> fresh(std::size_t& cursor) const;

  mutable std::mutex m_mutex;
  std::size_t m_capacity;
  std::size_t m_max_bytes;
  std::size_t m_bytes = 0;
  std::deque<Kept> m_lines;
  std::size_t m_dropped = 0;
};

}  // namespace tfc::runner
