package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// applyFault changes the attributes of a wholly known new state as the apply_* modes do.
func (p *provider) applyFault(m map[string]tftypes.Value) {
	switch p.mode {
	case "apply_changes_known":
		if m["size"].IsKnown() && !m["size"].IsNull() {
			f := new(big.Float)
			if m["size"].As(&f) == nil {
				m["size"] = tftypes.NewValue(tftypes.Number, plusOne(f))
			}
		}
	case "apply_reserialises_json":
		if doc, ok := stringOf(m["document"]); ok {
			if again, changed := reserialise(doc); changed {
				m["document"] = knownString(again)
			}
		}
	case "apply_null_to_empty":
		if m["tags"].IsNull() {
			m["tags"] = tftypes.NewValue(thingType.AttributeTypes["tags"], map[string]tftypes.Value{})
		}
	case "apply_set_rewritten":
		if members := elementsOf(m["members"]); len(members) > 0 {
			for i, e := range members {
				if s, ok := stringOf(e); ok {
					members[i] = knownString(s + "-x")
				}
			}
			m["members"] = tftypes.NewValue(thingType.AttributeTypes["members"], members)
		}
	case "apply_block_dropped":
		if rules := elementsOf(m["rule"]); len(rules) > 0 {
			m["rule"] = tftypes.NewValue(thingType.AttributeTypes["rule"], rules[:len(rules)-1])
		}
	case "apply_block_added":
		rules := append(elementsOf(m["rule"]), tftypes.NewValue(ruleType, map[string]tftypes.Value{
			"port":     tftypes.NewValue(tftypes.Number, 1),
			"protocol": nullOf(tftypes.String),
		}))
		m["rule"] = tftypes.NewValue(thingType.AttributeTypes["rule"], rules)
	case "apply_long_list":
		if items := elementsOf(m["items"]); len(items) > 2 {
			m["items"] = tftypes.NewValue(thingType.AttributeTypes["items"], append(items[:2:2], items[3:]...))
		}
	case "markup", "markup_everywhere":
		m["name"] = knownString(markupName)
	case "invalid_utf8_value":
		id, _ := stringOf(m["id"])
		m["generated"] = knownString(badGenerated(id))
	}
}

// ownChangeAttributes are the attributes whose apply fault a later plan may hide by keeping the
// prior value.
var ownChangeAttributes = []string{"name", "size", "document", "members", "items"}

// suppressOwnChange keeps the prior value of an attribute where it is what the apply fault
// makes of the configured value, as a provider that normalises in apply suppresses the diff
// it would otherwise see in every later plan (keeping the prior value for a non-null config
// value is allowed). So the apply fault is the only error a walk finds, where the schema lets
// the plan keep the prior value: not for a null config value or a block count.
func (p *provider) suppressOwnChange(m, prior map[string]tftypes.Value) {
	faulty := map[string]tftypes.Value{}
	for k, v := range m {
		faulty[k] = v
	}
	p.applyFault(faulty)
	for _, name := range ownChangeAttributes {
		if m[name].IsNull() || !m[name].IsFullyKnown() || faulty[name].Equal(m[name]) {
			continue
		}
		if prior[name].Equal(faulty[name]) || sameNumber(prior[name], faulty[name]) {
			m[name] = prior[name]
		}
	}
}

// applyFaultOnce is applyFault for an apply, except on an attribute whose planned value is the
// prior one that suppressOwnChange kept: that value already carries the fault, and changing it
// again would make every later plan differ (a perpetual diff the faults promise not to have).
func (p *provider) applyFaultOnce(m, prior map[string]tftypes.Value) {
	before := map[string]tftypes.Value{}
	for k, v := range m {
		before[k] = v
	}
	p.applyFault(m)
	if prior == nil {
		return
	}
	for _, name := range ownChangeAttributes {
		if v, ok := prior[name]; ok && !v.IsNull() && v.Equal(before[name]) {
			m[name] = before[name]
		}
	}
}

// sameNumber: two known numbers equal to 40 significant digits. plusOne of a decimal such as
// 15.99 is a binary fraction whose decimal text, sent back as a prior state, need not parse to
// the very same bits.
func sameNumber(a, b tftypes.Value) bool {
	if !a.Type().Is(tftypes.Number) || !b.Type().Is(tftypes.Number) || !a.IsKnown() || !b.IsKnown() || a.IsNull() || b.IsNull() {
		return false
	}
	x, y := new(big.Float), new(big.Float)
	if a.As(&x) != nil || b.As(&y) != nil {
		return false
	}
	diff := new(big.Float).Sub(x, y)
	scale := new(big.Float).Abs(x)
	if scale.Cmp(big.NewFloat(1)) < 0 {
		scale = big.NewFloat(1)
	}
	return new(big.Float).Abs(diff).Cmp(new(big.Float).Mul(scale, big.NewFloat(1e-40))) <= 0
}

// plusOne is f + 1 at the precision Terraform reads numbers with; where adding one makes no
// difference at that precision (huge values), f doubled; an infinity negated.
func plusOne(f *big.Float) *big.Float {
	if f.IsInf() {
		return new(big.Float).Neg(f)
	}
	r := new(big.Float).SetPrec(numberPrecision).Add(f, big.NewFloat(1))
	if r.Cmp(f) == 0 {
		r = new(big.Float).SetPrec(numberPrecision).Mul(f, big.NewFloat(2))
	}
	return r
}

// reserialise is doc decoded and encoded again by encoding/json (keys sorted, no spaces, HTML
// characters escaped); changed is false when doc is not JSON or is already in that form.
func reserialise(doc string) (string, bool) {
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var x interface{}
	if err := dec.Decode(&x); err != nil || dec.More() || !json.Valid([]byte(doc)) {
		return doc, false
	}
	out, err := json.Marshal(x)
	if err != nil || string(out) == doc {
		return doc, false
	}
	return string(out), true
}

// replaceUnknownConfig gives every attribute that is (or holds) an unknown value in config a
// known value in the plan, one that also differs from the prior value (which the plan could
// legitimately keep). Computed-only attributes are not in config.
func replaceUnknownConfig(m, config, prior map[string]tftypes.Value) {
	for _, name := range thingConfigurable {
		if !config[name].IsFullyKnown() {
			m[name] = knownInstead(config[name], prior[name])
		}
	}
	switch rule := config["rule"]; {
	case !rule.IsKnown():
		m["rule"] = tftypes.NewValue(rule.Type(), []tftypes.Value{})
	case !rule.IsFullyKnown():
		priorRules := elementsOf(prior["rule"])
		var out []tftypes.Value
		for i, r := range elementsOf(rule) {
			var pr map[string]tftypes.Value
			if i < len(priorRules) {
				pr = attrsOf(priorRules[i])
			}
			out = append(out, knownObject(r, ruleType, pr))
		}
		m["rule"] = tftypes.NewValue(rule.Type(), out)
	}
	switch settings := config["settings"]; {
	case !settings.IsKnown():
		m["settings"] = nullOf(settingsType)
	case !settings.IsFullyKnown():
		m["settings"] = knownObject(settings, settingsType, attrsOf(prior["settings"]))
	}
}

// knownObject is a block object with its unknown attributes replaced by known values.
func knownObject(v tftypes.Value, typ tftypes.Object, prior map[string]tftypes.Value) tftypes.Value {
	if !v.IsKnown() {
		m := map[string]tftypes.Value{}
		for name, t := range typ.AttributeTypes {
			m[name] = knownInstead(unknownOf(t), prior[name])
		}
		return tftypes.NewValue(typ, m)
	}
	m := attrsOf(v)
	for name := range typ.AttributeTypes {
		if !m[name].IsFullyKnown() {
			m[name] = knownInstead(m[name], prior[name])
		}
	}
	return tftypes.NewValue(typ, m)
}

// knownInstead replaces the unknowns inside v by known values of their types, distinct from
// one another (set elements stay distinct) and, as a whole, different from avoid.
func knownInstead(v, avoid tftypes.Value) tftypes.Value {
	for seed := 0; ; seed++ {
		n := seed
		out, err := tftypes.Transform(v, func(_ *tftypes.AttributePath, x tftypes.Value) (tftypes.Value, error) {
			if x.IsKnown() {
				return x, nil
			}
			n++
			switch t := x.Type(); {
			case t.Is(tftypes.String):
				return knownString("tfcfault-" + strconv.Itoa(n)), nil
			case t.Is(tftypes.Number):
				return tftypes.NewValue(t, n), nil
			case t.Is(tftypes.Bool):
				return tftypes.NewValue(t, n%2 == 1), nil
			case t.Is(tftypes.List{}), t.Is(tftypes.Set{}):
				return tftypes.NewValue(t, []tftypes.Value{}), nil
			case t.Is(tftypes.Map{}):
				return tftypes.NewValue(t, map[string]tftypes.Value{}), nil
			}
			return nullOf(x.Type()), nil
		})
		if err != nil {
			return nullOf(v.Type())
		}
		if !out.Equal(avoid) || seed > 3 {
			return out
		}
	}
}

// wrongType is the planned state encoded with size as a string, a well-formed msgpack object
// of the wrong shape.
func wrongType(m map[string]tftypes.Value) (*tfprotov6.DynamicValue, error) {
	types := map[string]tftypes.Type{}
	for k, t := range thingType.AttributeTypes {
		types[k] = t
	}
	types["size"] = tftypes.String
	wrong := tftypes.Object{AttributeTypes: types}
	vals := map[string]tftypes.Value{}
	for k, v := range m {
		vals[k] = v
	}
	vals["size"] = knownString("not-a-number")
	return encode(wrong, tftypes.NewValue(wrong, vals))
}

// negativeLength is a length no slice can have; a variable, so that the compiler cannot refuse it.
var negativeLength = -1

// sliceOfNegativeLength panics the way a provider bug does (random v3.9.0's random_password with
// min_upper = -10): the Go runtime error "makeslice: len out of range", with a stack naming
// this file, and the process exits with status 2.
func sliceOfNegativeLength() []byte {
	return make([]byte, negativeLength)
}

// forkAndExit starts two `sleep 600` children in this process's own process group, holding
// the provider's original stdout and stderr, and exits without answering.
func forkAndExit() {
	stdout := os.NewFile(1, "stdout")
	stderr := os.NewFile(2, "stderr")
	for i := 0; i < 2; i++ {
		cmd := exec.Command("sleep", "600")
		cmd.Stdout = stdout
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(stderr, "tfcfault fork_and_exit: cannot start sleep:", err)
		}
	}
	os.Exit(3)
}

// nanoClock differs on every call.
func nanoClock() string { return strconv.FormatInt(time.Now().UnixNano(), 10) }

// floodStderr writes 64 KiB lines to w without end (stderr_flood).
func floodStderr(w *os.File) {
	line := append(bytes.Repeat([]byte("tfcfault stderr_flood "), 64*1024/22+1)[:64*1024-1], '\n')
	for {
		if _, err := w.Write(line); err != nil {
			return
		}
		time.Sleep(2 * time.Millisecond) // a flood, not a busy loop on a shared machine
	}
}
