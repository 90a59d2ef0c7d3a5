package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sort"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// storedKind gives a resource the lifecycle shared by this provider's resources: Create
// generates an id, fills computed attributes and stores every attribute; Read sets exactly
// what is stored (or removes the resource when its object is gone); Update stores again;
// Delete removes the object; import is by id.
type storedKind struct {
	kind    string
	version int
	// onCreate sets the computed attributes of a new object.
	onCreate func(d *schema.ResourceData)
}

// attach wires the lifecycle into r, whose Schema must already be set.
func (k storedKind) attach(r *schema.Resource) *schema.Resource {
	r.SchemaVersion = k.version
	r.CreateContext = func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		d.SetId(newID())
		if k.onCreate != nil {
			k.onCreate(d)
		}
		if err := k.save(r, d, meta); err != nil {
			return diag.FromErr(err)
		}
		return r.ReadContext(ctx, d, meta)
	}
	r.ReadContext = func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		return diag.FromErr(k.load(r, d, meta))
	}
	r.UpdateContext = func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		if err := k.save(r, d, meta); err != nil {
			return diag.FromErr(err)
		}
		return r.ReadContext(ctx, d, meta)
	}
	r.DeleteContext = func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		return diag.FromErr(storeOf(meta).remove(k.kind, d.Id()))
	}
	r.Importer = &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext}
	return r
}

func (k storedKind) save(r *schema.Resource, d *schema.ResourceData, meta any) error {
	attrs := map[string]any{}
	for name := range r.Schema {
		attrs[name] = plain(d.Get(name))
	}
	return storeOf(meta).put(k.kind, d.Id(), storedObject{SchemaVersion: int64(k.version), Attributes: attrs})
}

func (k storedKind) load(r *schema.Resource, d *schema.ResourceData, meta any) error {
	obj, found, err := storeOf(meta).get(k.kind, d.Id())
	if err != nil {
		return err
	}
	if !found {
		d.SetId("")
		return nil
	}
	if obj.SchemaVersion != int64(k.version) {
		return fmt.Errorf("%s %s stored with schema version %d, this provider has %d", k.kind, d.Id(), obj.SchemaVersion, k.version)
	}
	names := make([]string, 0, len(r.Schema))
	for name := range r.Schema {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v, ok := obj.Attributes[name]
		if !ok {
			continue
		}
		if err := d.Set(name, fromJSON(r.Schema[name], v)); err != nil {
			return fmt.Errorf("%s %s: attribute %s: %w", k.kind, d.Id(), name, err)
		}
	}
	return nil
}

// plain turns the SDK's values into JSON-ready ones: sets become lists.
func plain(v any) any {
	switch t := v.(type) {
	case *schema.Set:
		return plain(t.List())
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = plain(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for key, e := range t {
			out[key] = plain(e)
		}
		return out
	}
	return v
}

// fromJSON converts a decoded JSON value back to the Go type the SDK expects for s: JSON
// numbers arrive as float64, and TypeInt wants int.
func fromJSON(s *schema.Schema, v any) any {
	if v == nil {
		return nil
	}
	switch s.Type {
	case schema.TypeInt:
		if f, ok := v.(float64); ok {
			return int(f)
		}
	case schema.TypeList, schema.TypeSet:
		items, ok := v.([]any)
		if !ok {
			return v
		}
		out := make([]any, len(items))
		for i, e := range items {
			out[i] = elemFromJSON(s.Elem, e)
		}
		return out
	case schema.TypeMap:
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := make(map[string]any, len(m))
		for key, e := range m {
			out[key] = elemFromJSON(s.Elem, e)
		}
		return out
	}
	return v
}

func elemFromJSON(elem any, v any) any {
	switch e := elem.(type) {
	case *schema.Schema:
		return fromJSON(e, v)
	case *schema.Resource:
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := make(map[string]any, len(m))
		for key, a := range m {
			if s, ok := e.Schema[key]; ok {
				out[key] = fromJSON(s, a)
			}
		}
		return out
	}
	return v
}

// newID returns 16 random hex digits.
func newID() string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return hex.EncodeToString(b)
}
