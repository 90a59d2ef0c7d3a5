#pragma once
// libprotobuf says why an answer did not parse (a string field holding invalid UTF-8, say) only
// through its log, which goes to stderr: a hostile provider could flood tfconform's console
// with one line per bad field, while the failed call itself only gets gRPC's "No message
// returned for unary request". This keeps libprotobuf's lines per thread instead, so the call
// that failed can name the reason in its finding.

#include <string>

namespace tfc::runner {

/// Routes libprotobuf's log to a per-thread capture (once per process) and empties this
/// thread's capture. Call before an RPC whose answer protobuf will parse on this thread.
void begin_protobuf_capture();

/// What libprotobuf logged on this thread since begin_protobuf_capture(): distinct lines joined
/// by "; ", at most ~1 KiB, with "(N more)" when lines were dropped. Empty when nothing was.
std::string protobuf_capture();

}  // namespace tfc::runner
