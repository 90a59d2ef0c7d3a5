package tfconformtest

import "syscall"

// dieWithParent: when the test process dies (a go test -timeout panic), tfconform gets SIGTERM
// instead of playing on against a provider that is gone.
func dieWithParent(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGTERM }
