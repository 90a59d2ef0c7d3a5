#pragma once

#include <unistd.h>

namespace tfc::runner {

// Closes a descriptor this process owns, once: -1 afterwards, so a second call does nothing.
inline void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace tfc::runner
