#include "conformance/suite/crash_output.hpp"

#include <gtest/gtest.h>

namespace tfc::conformance {
namespace {

using Lines = std::vector<std::string>;

// What a Go provider's stderr holds around a panic in a gRPC handler (blank lines are not kept
// by the log), with GOTRACEBACK=all's second goroutine after it.
const Lines kPanicLog = {
    R"({"@level":"trace","@message":"Calling downstream","@module":"sdk.proto"})",
    "panic: runtime error: makeslice: len out of range",
    "goroutine 23 [running]:",
    "github.com/terraform-providers/terraform-provider-random/internal/random.CreateString(...)",
    "\tgithub.com/terraform-providers/terraform-provider-random/internal/random/string.go:102 +0x1d",
    "created by google.golang.org/grpc.(*Server).serveStreams.func2.1 in goroutine 20",
    "\tgoogle.golang.org/grpc@v1.72.1/server.go:1030 +0x135",
    "goroutine 1 [select]:",
    "main.main()",
};

TEST(CrashOutput, TheStackOfThePanickingGoroutineAndNothingAfterIt) {
  EXPECT_EQ(go_crash_report(kPanicLog), (Lines{kPanicLog.begin() + 1, kPanicLog.begin() + 7}));
}

TEST(CrashOutput, FatalErrorsAndSignalsAreCrashesToo) {
  EXPECT_EQ(go_crash_report({"x", "fatal error: concurrent map writes", "goroutine 7 [running]:", "main.f()"}),
            (Lines{"fatal error: concurrent map writes", "goroutine 7 [running]:", "main.f()"}));
  EXPECT_EQ(go_crash_report({"SIGSEGV: segmentation violation", "PC=0x0 m=0 sigcode=1"}),
            (Lines{"SIGSEGV: segmentation violation", "PC=0x0 m=0 sigcode=1"}));
}

TEST(CrashOutput, TheOrdinaryLogAfterTheStackIsLeftOut) {
  EXPECT_EQ(go_crash_report({"panic: boom", "goroutine 5 [running]:", "main.f()", "\t/src/main.go:3 +0x1",
                             "2026-01-02T03:04:05.000Z [DEBUG] plugin exited"}),
            (Lines{"panic: boom", "goroutine 5 [running]:", "main.f()", "\t/src/main.go:3 +0x1"}));
}

TEST(CrashOutput, NoCrashNoReportAndAFloodIsBounded) {
  EXPECT_TRUE(go_crash_report({"[TRACE] a", "[DEBUG] b"}).empty());
  Lines flood = {"panic: deep", "goroutine 1 [running]:"};
  for (int i = 0; i < 500; ++i) flood.push_back("\tmain.recurse()");
  EXPECT_EQ(go_crash_report(flood).size(), kCrashLines);
}

TEST(CrashOutput, TheFindingOpensWithThePanicAsTerraformPrintsIt) {
  report::Finding f;
  f.message = "the provider process died or the connection broke during ApplyResourceChange: Socket closed";
  f.violations = {{"", f.message}};
  open_with_crash(f, go_crash_report(kPanicLog), "random");
  EXPECT_EQ(f.message,
            "panic: runtime error: makeslice: len out of range (the provider process died or the connection broke "
            "during ApplyResourceChange: Socket closed)");
  EXPECT_EQ(f.violations[0].message, f.message);
  ASSERT_GE(f.crash_output.size(), 4u);
  EXPECT_EQ(f.crash_output[0], "Stack trace from the terraform-provider-random plugin:");
  EXPECT_EQ(f.crash_output[1], "");
  EXPECT_EQ(f.crash_output[2], "panic: runtime error: makeslice: len out of range");
  report::Finding quiet;
  quiet.message = "died";
  open_with_crash(quiet, {}, "random");
  EXPECT_EQ(quiet.message, "died");
  EXPECT_TRUE(quiet.crash_output.empty());
}

}  // namespace
}  // namespace tfc::conformance
