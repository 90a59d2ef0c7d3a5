package tfconformtest

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
)

// Recorder is a T that keeps what a run reported instead of failing the test, so a test can
// assert a known break:
//
//	rec := tfconformtest.NewRecorder(t)
//	rec.Run("TestConformance", func(c tfconformtest.T) { tfconformtest.RunT(c, p, opts) })
//	if !rec.Failed() { t.Fatal("the planted fault went unnoticed") }
//
// Its logs also go to t (t.Logf), marked with the recorded test's name.
type Recorder struct {
	t    *testing.T
	name string

	mu       sync.Mutex
	logs     []string
	errors   []string
	skipped  bool
	failed   bool
	children []*Recorder
}

// NewRecorder records under t (for TempDir, Deadline, Context and the log).
func NewRecorder(t *testing.T) *Recorder { return &Recorder{t: t, name: t.Name()} }

func (r *Recorder) Helper()      {}
func (r *Recorder) Name() string { return r.name }

func (r *Recorder) Logf(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	r.mu.Lock()
	r.logs = append(r.logs, text)
	r.mu.Unlock()
	r.t.Logf("[%s] %s", r.name, text)
}

func (r *Recorder) Errorf(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	r.mu.Lock()
	r.errors = append(r.errors, text)
	r.failed = true
	r.mu.Unlock()
	r.t.Logf("[%s] (recorded error) %s", r.name, text)
}

// Fatalf records an error and ends the calling goroutine (Run's).
func (r *Recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// Skipf records the skip and ends the calling goroutine (Run's).
func (r *Recorder) Skipf(format string, args ...any) {
	r.Logf(format, args...)
	r.mu.Lock()
	r.skipped = true
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *Recorder) TempDir() string             { return r.t.TempDir() }
func (r *Recorder) Deadline() (time.Time, bool) { return r.t.Deadline() }
func (r *Recorder) Context() context.Context    { return r.t.Context() }
func (r *Recorder) Children() []*Recorder       { r.mu.Lock(); defer r.mu.Unlock(); return r.children }
func (r *Recorder) Errors() []string            { r.mu.Lock(); defer r.mu.Unlock(); return r.errors }
func (r *Recorder) Logs() []string              { r.mu.Lock(); defer r.mu.Unlock(); return r.logs }
func (r *Recorder) Skipped() bool               { r.mu.Lock(); defer r.mu.Unlock(); return r.skipped }
func (r *Recorder) Failed() bool                { r.mu.Lock(); defer r.mu.Unlock(); return r.failed }
func (r *Recorder) child(name string) *Recorder { return &Recorder{t: r.t, name: r.name + "/" + name} }

// Run records f as the subtest name, in a goroutine of its own so that Fatalf and Skipf end
// only f; a failed subtest fails r.
func (r *Recorder) Run(name string, f func(T)) bool {
	c := r.child(name)
	r.mu.Lock()
	r.children = append(r.children, c)
	r.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(c)
	}()
	<-done
	if c.Failed() {
		r.mu.Lock()
		r.failed = true
		r.mu.Unlock()
	}
	return !c.Failed()
}

// Find is the recorded subtest at this path below r ("TestConformance/resource.x"), or nil.
func (r *Recorder) Find(path string) *Recorder {
	want := r.name + "/" + path
	var walk func(*Recorder) *Recorder
	walk = func(n *Recorder) *Recorder {
		for _, c := range n.Children() {
			if c.name == want {
				return c
			}
			if found := walk(c); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(r)
}
