package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// storedResource implements the lifecycle shared by every resource of this provider on raw
// values: Create and Update store the planned value (with the provider's computed attributes
// filled in) and return exactly that; Read returns exactly what is stored, or removes the
// resource when its object is gone; Delete removes the object; import takes an id.
// The embedding resource supplies Metadata and Schema.
type storedResource struct {
	kind          string
	schemaVersion int64
	// computed fills each top-level computed attribute that is still unknown at apply.
	computed map[string]func() tftypes.Value
	store    *objectStore
}

func (r *storedResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if req.ProviderData == nil {
		return
	}
	store, ok := req.ProviderData.(*objectStore)
	if !ok {
		resp.Diagnostics.AddError("unexpected provider data", fmt.Sprintf("got %T", req.ProviderData))
		return
	}
	r.store = store
}

func (r *storedResource) objects() *objectStore {
	if r.store == nil {
		return &objectStore{dir: defaultDir()}
	}
	return r.store
}

func (r *storedResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.State.Raw, resp.Diagnostics = r.write(ctx, req.Plan.Raw, req.Plan.Schema.Type().TerraformType(ctx))
}

func (r *storedResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw, resp.Diagnostics = r.write(ctx, req.Plan.Raw, req.Plan.Schema.Type().TerraformType(ctx))
}

func (r *storedResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	id, err := stringAttribute(req.State.Raw, "id")
	if err != nil {
		resp.Diagnostics.AddError("cannot read "+r.kind, err.Error())
		return
	}
	obj, found, err := r.objects().get(r.kind, id)
	if err != nil {
		resp.Diagnostics.AddError("cannot read "+r.kind+" "+id, err.Error())
		return
	}
	if !found {
		resp.State.RemoveResource(ctx)
		return
	}
	if obj.SchemaVersion != r.schemaVersion {
		resp.Diagnostics.AddError("cannot read "+r.kind+" "+id,
			fmt.Sprintf("stored with schema version %d, this provider has %d", obj.SchemaVersion, r.schemaVersion))
		return
	}
	val, err := tftypes.ValueFromJSON(obj.Value, req.State.Schema.Type().TerraformType(ctx))
	if err != nil {
		resp.Diagnostics.AddError("cannot decode "+r.kind+" "+id, err.Error())
		return
	}
	resp.State.Raw = val
}

func (r *storedResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	id, err := stringAttribute(req.State.Raw, "id")
	if err == nil {
		err = r.objects().remove(r.kind, id)
	}
	if err != nil {
		resp.Diagnostics.AddError("cannot delete "+r.kind, err.Error())
	}
}

func (r *storedResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

// write fills the computed attributes still unknown in the plan, stores the result and returns
// it. Any other unknown value is an error: the plan given to apply must be wholly known there.
func (r *storedResource) write(_ context.Context, plan tftypes.Value, typ tftypes.Type) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	val, err := tftypes.Transform(plan, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if v.IsKnown() {
			return v, nil
		}
		if steps := p.Steps(); len(steps) == 1 {
			if name, ok := steps[0].(tftypes.AttributeName); ok && r.computed[string(name)] != nil {
				return r.computed[string(name)](), nil
			}
		}
		return v, p.NewErrorf("unexpected unknown value at apply")
	})
	if err == nil {
		var doc []byte
		doc, err = valueToJSON(typ, val)
		if err == nil {
			var id string
			if id, err = stringAttribute(val, "id"); err == nil {
				err = r.objects().put(r.kind, id, storedObject{SchemaVersion: r.schemaVersion, Value: doc})
			}
		}
	}
	if err != nil {
		diags.AddError("cannot write "+r.kind, err.Error())
		return plan, diags
	}
	return val, diags
}

// stringAttribute returns the known, non-null string attribute name of an object value.
func stringAttribute(obj tftypes.Value, name string) (string, error) {
	var attrs map[string]tftypes.Value
	if err := obj.As(&attrs); err != nil {
		return "", err
	}
	v, ok := attrs[name]
	if !ok || !v.IsKnown() || v.IsNull() {
		return "", fmt.Errorf("attribute %q is not set", name)
	}
	var s string
	err := v.As(&s)
	return s, err
}

// newID returns 16 random hex digits.
func newID() tftypes.Value {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return tftypes.NewValue(tftypes.String, hex.EncodeToString(b))
}
