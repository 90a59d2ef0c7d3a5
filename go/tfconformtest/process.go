package tfconformtest

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// startAndWait runs tfconform and returns its exit status. It is stopped once with SIGTERM,
// so that it still writes its reports, when this process gets SIGINT or SIGTERM, when the
// test's context ends, or shortly before the test's deadline (go test's -timeout would kill
// the test without a word from tfconform); a kill follows if it has not stopped 20 s later.
func startAndWait(t T, path string, args []string, stderr io.Writer) (int, error) {
	cmd := exec.Command(path, args...)
	cmd.Stdout = stderr
	cmd.Stderr = stderr
	ownGroup(cmd)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	var nearDeadline <-chan time.Time
	if deadline, ok := t.Deadline(); ok {
		timer := time.NewTimer(max(time.Until(deadline)-10*time.Second, time.Second))
		defer timer.Stop()
		nearDeadline = timer.C
	}
	var kill <-chan time.Time
	stop := func() {
		if kill == nil {
			terminate(cmd)
			kill = time.After(20 * time.Second)
		}
	}
	for {
		select {
		case err := <-done:
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				if exit.ExitCode() < 0 { // killed by a signal
					return 128 + 9, nil
				}
				return exit.ExitCode(), nil
			}
			return 0, err
		case <-signals:
			stop()
		case <-t.Context().Done():
			stop()
		case <-nearDeadline:
			stop()
		case <-kill:
			_ = cmd.Process.Kill()
		}
	}
}
