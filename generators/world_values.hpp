#pragma once
// What the run's world offers attributes that want something that exists (docs/world.md), as
// plain values: the generators and the learner steer attributes to them without knowing how the
// world is made (world/ makes it; the command line hands these values over).

#include <string>
#include <vector>

namespace tfc::gen {

struct WorldValues {
  std::vector<std::string> files;         // existing regular text files (the first is the simplest)
  std::vector<std::string> directories;   // existing folders holding files
  std::vector<std::string> output_files;  // paths that do not exist yet, in a folder that does
  std::string output_directory;           // a folder path that does not exist yet
  std::string command;                    // an executable that prints a line and exits 0
  std::string program;                    // an executable: JSON object of strings on stdin → on stdout
  std::string url;                        // a loopback HTTP server answering 200 with a JSON body
};

}  // namespace tfc::gen
