// reports/ stays free of protobuf, gRPC and RapidCheck (docs/architecture.md: "oracle/ and reports/
// never see protobuf, gRPC or RapidCheck"); this reads every include line of the folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/reports/report_test_support.hpp"

namespace tfc::report {
namespace {

TEST(Layering, ReportsIncludeNoProtobufGrpcOrRapidcheck) {
  const auto folder = testing::source_dir().parent_path().parent_path() / "reports";
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const auto ext = entry.path().extension();
    if (ext != ".hpp" && ext != ".cpp") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("#include", 0) != 0) continue;
      for (const char* banned : {".pb.h", "grpc", "google/protobuf", "rapidcheck"}) {
        EXPECT_EQ(line.find(banned), std::string::npos) << entry.path() << ": " << line;
      }
      if (line.find('"') != std::string::npos) {
        // Repo-relative includes only from reports/ and the proto/ vocabulary below it.
        EXPECT_TRUE(line.find("\"reports/") != std::string::npos || line.find("\"proto/") != std::string::npos)
            << entry.path() << ": " << line;
      }
    }
  }
  EXPECT_GT(files, 20u);
}

}  // namespace
}  // namespace tfc::report
