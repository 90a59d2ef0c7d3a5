#pragma once
// One protocol file against another as protobuf itself reads them (descriptors, not text): the
// file tfconform speaks (proto/wire) against the public file it follows. Everything that
// decides what goes on the wire is compared: package, every message and enum (nested ones
// too), every field's name, number, type, label, referenced type, oneof and `optional`
// keyword, every enum value's name and number, every service method with its types and
// streaming. Comments, options and reserved ranges are not (they send nothing).

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/descriptor.h>

namespace tfc::wire_check {

// --- Interface ---

/// A difference made on purpose. `upstream` is the full name of a message, enum, field, enum
/// value or method in the public file (`tfplugin5.GetMetadata`,
/// `tfplugin5.GetMetadata.Response.actions`). `ours` is its full name in our file, or empty
/// when we leave it out; a renamed message or enum renames everything nested in it.
struct Deliberate {
  std::string_view upstream;
  std::string_view ours;
  std::string_view why;
};

/// Every difference between `ours` and `upstream` not listed in `deliberate`, one line each,
/// named by the public file's names; a listed difference that is not there (any more) is one
/// too, so the list cannot go stale.
std::vector<std::string> differences(const google::protobuf::FileDescriptor& ours,
                                     const google::protobuf::FileDescriptor& upstream,
                                     std::span<const Deliberate> deliberate);

}  // namespace tfc::wire_check
