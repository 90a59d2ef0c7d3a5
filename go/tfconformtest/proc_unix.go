//go:build unix

package tfconformtest

import (
	"os/exec"
	"syscall"
)

// ownGroup puts tfconform in a process group of its own, so a terminal's Ctrl-C reaches only
// the test, which stops tfconform once with SIGTERM (a second signal would make it quit
// without writing its reports).
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	dieWithParent(cmd.SysProcAttr)
}

// terminate asks tfconform to stop: it writes its reports, marked interrupted, and exits 143.
func terminate(cmd *exec.Cmd) { _ = cmd.Process.Signal(syscall.SIGTERM) }
