package main

import (
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// markupText is markupName with more text that a report must escape: an event handler, the
// end of a CDATA section, a closing script tag, an entity written out, a terminal colour.
const markupText = markupName + " <img src=x onerror=alert(1)> ]]> </script> &amp; \x1b[31mred\x1b[0m"

// markupDiagnostic quotes markupText in its summary and detail (markup_everywhere).
func markupDiagnostic(severity tfprotov6.DiagnosticSeverity, where string, path *tftypes.AttributePath) *tfprotov6.Diagnostic {
	return &tfprotov6.Diagnostic{
		Severity:  severity,
		Summary:   "tfcfault " + where + ": " + markupText,
		Detail:    "detail of the " + where + " diagnostic: " + markupText,
		Attribute: path,
	}
}

// markupSchema writes markupText into the descriptions of the provider, of tfcfault_thing and
// of its name attribute.
func markupSchema(resp *tfprotov6.GetProviderSchemaResponse) {
	resp.Provider.Block.Description += " " + markupText
	thing := resp.ResourceSchemas[thingTypeName].Block
	thing.Description += " " + markupText
	for _, a := range thing.Attributes {
		if a.Name == "name" {
			a.Description += " " + markupText
		}
	}
}

// logMarkup writes a line holding markupText to stderr: once serving, os.Stderr is
// go-plugin's pipe, whose lines it forwards to the client (GRPCStdio).
func (p *provider) logMarkup() {
	w := p.log
	if w == nil {
		w = os.Stderr
	}
	fmt.Fprintln(w, "tfcfault markup_everywhere: planning "+markupText)
}
