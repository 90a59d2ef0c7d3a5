package tfconformtest

import (
	"flag"
	"regexp"
	"strings"
)

// Which types `go test -run` (and -skip) selects: the subtests are named after the suites, so
// the selection is known before tfconform starts and goes to it as --resources, and a -run of
// one type plays that type alone. Patterns are read as the testing package reads them (its
// match.go): alternatives split at top-level '|', elements at top-level '/', each element an
// unanchored regular expression matched against one level of the test's name.

// pattern is one alternative: one regular expression per level of the name.
type pattern []string

func (p pattern) matches(levels []string) (ok, partial bool) {
	for i, level := range levels {
		if i >= len(p) {
			break
		}
		if matched, _ := regexp.MatchString(p[i], level); !matched {
			return false, false
		}
	}
	return true, len(levels) < len(p)
}

// patterns is a whole -run or -skip value: its alternatives.
type patterns []pattern

func (ps patterns) matches(levels []string) (ok, partial bool) {
	for _, p := range ps {
		if ok, partial = p.matches(levels); ok {
			return ok, partial
		}
	}
	return false, false
}

// splitPatterns is the testing package's splitRegexp.
func splitPatterns(s string) patterns {
	var alternatives patterns
	var current pattern
	brackets, parens := 0, 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '[':
			brackets++
		case ']':
			if brackets--; brackets < 0 {
				brackets = 0
			}
		case '(':
			if brackets == 0 {
				parens++
			}
		case ')':
			if brackets == 0 {
				parens--
			}
		case '\\':
			i++
		case '/', '|':
			if brackets == 0 && parens == 0 {
				current = append(current, s[:i])
				if s[i] == '|' {
					alternatives = append(alternatives, current)
					current = nil
				}
				s = s[i+1:]
				i = 0
				continue
			}
		}
		i++
	}
	return append(alternatives, append(current, s))
}

// selection decides which suite labels run under testName (t.Name()) for -run and -skip.
type selection struct {
	run, skip patterns
	testName  string
}

// selectionFromFlags reads -test.run and -test.skip of this test binary (empty when the
// binary was not started by `go test` or they are unset).
func selectionFromFlags(testName string) selection {
	s := selection{testName: testName}
	if f := flag.Lookup("test.run"); f != nil && f.Value.String() != "" {
		s.run = splitPatterns(f.Value.String())
	}
	if f := flag.Lookup("test.skip"); f != nil && f.Value.String() != "" {
		s.skip = splitPatterns(f.Value.String())
	}
	return s
}

// selects is true when the subtest label of the test would run.
func (s selection) selects(label string) bool {
	levels := append(strings.Split(s.testName, "/"), label)
	if s.run != nil {
		if ok, _ := s.run.matches(levels); !ok {
			return false
		}
	}
	if s.skip != nil {
		if skip, partial := s.skip.matches(levels); skip && !partial {
			return false
		}
	}
	return true
}

// chosen filters types by the selection: all of them (nil, so no --resources) when every one
// is selected, else the names of the selected ones.
func (s selection) chosen(types []typeLabel) (names []string, all bool) {
	for _, t := range types {
		if s.selects(t.label) {
			names = append(names, t.name)
		}
	}
	return names, len(names) == len(types)
}
