//go:build unix && !linux

package tfconformtest

import "syscall"

func dieWithParent(*syscall.SysProcAttr) {}
