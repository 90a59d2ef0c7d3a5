package main

// Data sources that want something that exists, as real providers have them: a file to read,
// a program to run (the external data source's protocol: a JSON object of strings on stdin and
// on stdout) and a URL to fetch. They are honest; what they refuse is what is missing ("no such
// file or directory", a program that cannot be found, a request that cannot be made). For
// safety they run only absolute paths and contact only loopback hosts.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// ---- tfcfixture_file_content: reads a file ----

type fileContentDataSource struct{}

type fileContentModel struct {
	Path    types.String `tfsdk:"path"`
	Content types.String `tfsdk:"content"`
	Size    types.Int64  `tfsdk:"size"`
}

func newFileContentDataSource() datasource.DataSource { return &fileContentDataSource{} }

func (d *fileContentDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_file_content"
}

func (d *fileContentDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The content of a file.",
		Attributes: map[string]schema.Attribute{
			"path":    schema.StringAttribute{Required: true, Description: "Path to the file that will be read."},
			"content": schema.StringAttribute{Computed: true},
			"size":    schema.Int64Attribute{Computed: true},
		},
	}
}

func (d *fileContentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m fileContentModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	data, err := os.ReadFile(m.Path.ValueString())
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("path"), "Error reading file", err.Error())
		return
	}
	m.Content = types.StringValue(string(bytes.ToValidUTF8(data, []byte("?"))))
	m.Size = types.Int64Value(int64(len(data)))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// ---- tfcfixture_program_output: runs a program ----

type programOutputDataSource struct{}

type programOutputModel struct {
	Program types.List `tfsdk:"program"`
	Query   types.Map  `tfsdk:"query"`
	Result  types.Map  `tfsdk:"result"`
}

func newProgramOutputDataSource() datasource.DataSource { return &programOutputDataSource{} }

func (d *programOutputDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_program_output"
}

func (d *programOutputDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The JSON object a program prints.",
		Attributes: map[string]schema.Attribute{
			"program": schema.ListAttribute{
				Required:    true,
				ElementType: types.StringType,
				Description: "A list of strings, whose first element is the program to run and whose subsequent elements are its arguments.",
			},
			"query":  schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: "Given to the program on its standard input, as JSON."},
			"result": schema.MapAttribute{Computed: true, ElementType: types.StringType},
		},
	}
}

func (d *programOutputDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m programOutputModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var argv []string
	resp.Diagnostics.Append(m.Program.ElementsAs(ctx, &argv, false)...)
	query := map[string]string{}
	if !m.Query.IsNull() {
		resp.Diagnostics.Append(m.Query.ElementsAs(ctx, &query, false)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if len(argv) == 0 || argv[0] == "" {
		resp.Diagnostics.AddAttributeError(path.Root("program"), "Program Lookup Failed", "the program list is empty")
		return
	}
	// Only an absolute path to an existing executable is run (a fixture never runs a made-up name from PATH).
	if info, err := os.Stat(argv[0]); !filepath.IsAbs(argv[0]) || err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
		resp.Diagnostics.AddAttributeError(path.Root("program"), "Program Lookup Failed",
			fmt.Sprintf("exec: %q: executable file not found", argv[0]))
		return
	}
	input, _ := json.Marshal(query)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(input)
	out, err := cmd.Output()
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("program"), "Program Failed", err.Error())
		return
	}
	result := map[string]string{}
	if err := json.Unmarshal(out, &result); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("program"), "Unexpected Program Output",
			"the program's output is not a JSON object of strings: "+err.Error())
		return
	}
	value, diags := types.MapValueFrom(ctx, types.StringType, result)
	resp.Diagnostics.Append(diags...)
	m.Result = value
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// ---- tfcfixture_url_response: fetches a URL ----

type urlResponseDataSource struct{}

type urlResponseModel struct {
	URL        types.String `tfsdk:"url"`
	StatusCode types.Int64  `tfsdk:"status_code"`
	Body       types.String `tfsdk:"body"`
}

func newURLResponseDataSource() datasource.DataSource { return &urlResponseDataSource{} }

func (d *urlResponseDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_url_response"
}

func (d *urlResponseDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The answer to a GET request.",
		Attributes: map[string]schema.Attribute{
			"url":         schema.StringAttribute{Required: true, Description: "The URL for the request."},
			"status_code": schema.Int64Attribute{Computed: true},
			"body":        schema.StringAttribute{Computed: true},
		},
	}
}

// loopback says whether a URL names this machine (the only hosts the fixture contacts).
func loopback(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	ip := net.ParseIP(u.Hostname())
	return (u.Scheme == "http" || u.Scheme == "https") && (u.Hostname() == "localhost" || (ip != nil && ip.IsLoopback()))
}

func (d *urlResponseDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m urlResponseModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	target := m.URL.ValueString()
	if !loopback(target) {
		resp.Diagnostics.AddAttributeError(path.Root("url"), "Error making request",
			fmt.Sprintf("Get %q: this fixture contacts loopback hosts only (no such host)", target))
		return
	}
	client := &http.Client{Timeout: 10 * time.Second}
	r, err := client.Get(target)
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("url"), "Error making request", err.Error())
		return
	}
	defer r.Body.Close()
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("url"), "Error reading response body", err.Error())
		return
	}
	m.StatusCode = types.Int64Value(int64(r.StatusCode))
	m.Body = types.StringValue(string(bytes.ToValidUTF8(body, []byte("?"))))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
