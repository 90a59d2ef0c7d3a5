package tfconformtest

import (
	"reflect"
	"testing"
)

func TestSelectionReadsRunAsGoTestDoes(t *testing.T) {
	types := []typeLabel{
		{"data_source.x_thing", "x_thing"}, {"function.parse", "parse"},
		{"resource.x_other", "x_other"}, {"resource.x_thing", "x_thing"},
	}
	for _, tc := range []struct {
		run, skip string
		want      []string // nil: all
	}{
		{run: "", want: nil},
		{run: "TestConformance", want: nil},
		{run: "TestConformance/resource.x_thing", want: []string{"x_thing"}},
		{run: "TestConformance/resource.x_thing$", want: []string{"x_thing"}},
		{run: "TestConformance/x_thing", want: []string{"x_thing", "x_thing"}},
		{run: "TestConformance/^function", want: []string{"parse"}},
		{run: "TestConformance/resource.x_(thing|other)", want: []string{"x_other", "x_thing"}},
		{run: "TestOther/resource.x_thing|TestConformance/function", want: []string{"parse"}},
		{run: "TestOther/resource", want: []string{}},
		{run: "TestConformance", skip: "TestConformance/resource", want: []string{"x_thing", "parse"}},
		{run: "TestConformance/[a-z]+/x", want: nil}, // a third level: every suite may hold it
	} {
		s := selection{testName: "TestConformance"}
		if tc.run != "" {
			s.run = splitPatterns(tc.run)
		}
		if tc.skip != "" {
			s.skip = splitPatterns(tc.skip)
		}
		names, all := s.chosen(types)
		if tc.want == nil {
			if !all {
				t.Errorf("-run %q -skip %q: chose %v, want all", tc.run, tc.skip, names)
			}
			continue
		}
		if all || !reflect.DeepEqual(append([]string{}, names...), tc.want) {
			t.Errorf("-run %q -skip %q: chose %v (all %v), want %v", tc.run, tc.skip, names, all, tc.want)
		}
	}
}

func TestSplitPatternsKeepsGroupsAndClasses(t *testing.T) {
	got := splitPatterns("A/(b|c)/[/|]d|E")
	want := patterns{{"A", "(b|c)", "[/|]d"}, {"E"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("splitPatterns = %q, want %q", got, want)
	}
}
