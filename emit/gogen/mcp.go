package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/rosettac/rosettac/internal/toolschema"
)

// MCPPackage is the import path of the official MCP Go SDK, which the code
// Options.MCP adds imports.
const MCPPackage = "github.com/modelcontextprotocol/go-sdk/mcp"

const nameRegisterMCP = "RegisterMCP"

func mcpQ(name string) *jen.Statement { return jen.Qual(MCPPackage, name) }

// renderMCP writes RegisterMCP and one tool handler per function. A handler
// checks the JSON arguments against the declaration with the runtime's
// ReadArgs (the same AD codes as a [CALL]), calls the typed method, and
// answers with the rows as structured content ({"rows": [...]}, what the
// tool's outputSchema describes) and their JSON as text content, as MCP asks
// of a tool with an output schema. Bad arguments, a method's error and rows
// AgentDSL cannot carry are tool errors (isError) whose text is the problem,
// AD codes included, so that a model can correct its call.
func renderMCP(f *jen.File, p *genPlan) {
	f.ImportName(MCPPackage, "mcp")
	f.Comment(nameRegisterMCP + " adds every function of Declaration to srv as an MCP tool served by")
	f.Comment("s: its name, its DESC as description, and JSON Schemas of its parameters and")
	f.Comment("of its result rows (the schemas of `rosettac gen jsonschema`). A call's")
	f.Comment("arguments are checked as Dispatch checks a [CALL] (AD041 missing required")
	f.Comment("parameter, AD042 unknown parameter, AD043 wrong type); problems, and the")
	f.Comment("method's error, come back as tool errors with the message as text.")
	f.Func().Id(nameRegisterMCP).Params(jen.Id("srv").Op("*").Add(mcpQ("Server")), jen.Id("s").Id(nameService)).BlockFunc(func(g *jen.Group) {
		for _, fn := range p.funcs {
			tool := toolschema.Tool(fn.f, toolschema.Options{Dialect: true})
			d := jen.Dict{
				jen.Id("Name"):        jen.Lit(fn.f.Name),
				jen.Id("InputSchema"): jen.Qual(pkgJSON, "RawMessage").Call(stringLit(tool.Schema("inputSchema").JSON())),
			}
			if desc := desc(fn.f); desc != "" {
				d[jen.Id("Description")] = jen.Lit(desc)
			}
			if out := tool.Schema("outputSchema"); out != nil {
				d[jen.Id("OutputSchema")] = jen.Qual(pkgJSON, "RawMessage").Call(stringLit(out.JSON()))
			}
			g.Id("srv").Dot("AddTool").Call(jen.Op("&").Add(mcpQ("Tool")).Values(d), jen.Id("mcp"+fn.name).Call(jen.Id("s")))
		}
	})
	f.Line()
	for _, fn := range p.funcs {
		renderMCPHandler(f, fn)
	}
	f.Comment("mcpError is a tool error whose text is err's message.")
	f.Func().Id("mcpError").Params(jen.Err().Error()).Op("*").Add(mcpQ("CallToolResult")).Block(
		jen.Return(jen.Op("&").Add(mcpQ("CallToolResult")).Values(jen.Dict{
			jen.Id("IsError"): jen.True(),
			jen.Id("Content"): jen.Index().Add(mcpQ("Content")).Values(jen.Op("&").Add(mcpQ("TextContent")).Values(jen.Dict{
				jen.Id("Text"): jen.Err().Dot("Error").Call(),
			})),
		})),
	)
	f.Line()
}

func renderMCPHandler(f *jen.File, fn *function) {
	decl := jen.Op("&").Id(nameFunctions).Index(jen.Lit(fn.index))
	f.Comment("mcp" + fn.name + " serves the MCP tool " + fn.f.Name + ".")
	f.Func().Id("mcp" + fn.name).Params(jen.Id("s").Id(nameService)).Add(mcpQ("ToolHandler")).Block(
		jen.Return(jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("req").Op("*").Add(mcpQ("CallToolRequest"))).Params(jen.Op("*").Add(mcpQ("CallToolResult")), jen.Error()).BlockFunc(func(g *jen.Group) {
			g.List(jen.Id("v"), jen.Err()).Op(":=").Add(rt("ReadArgs")).Call(jen.Id("req").Dot("Params").Dot("Arguments"), decl.Clone())
			g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("mcpError").Call(jen.Err()), jen.Nil()))
			g.List(jen.Id("rows"), jen.Err()).Op(":=").Id("s").Dot(fn.name).Call(jen.Id("ctx"), jen.Id("read"+fn.name+"Input").Call(jen.Id("v")))
			g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("mcpError").Call(jen.Err()), jen.Nil()))
			// The rows go through the [RESULT] writer first, so a value
			// AgentDSL cannot carry fails here as it fails in Dispatch.
			g.Id("w").Op(":=").Add(rt("NewRowWriter")).Call(jen.Id(nameFunctions).Index(jen.Lit(fn.index)).Dot("Out"))
			g.For(jen.Id("i").Op(":=").Range().Id("rows")).Block(
				jen.Id("write"+fn.name+"Output").Call(jen.Id("w"), jen.Op("&").Id("rows").Index(jen.Id("i"))),
				jen.Id("w").Dot("EndRow").Call(),
			)
			g.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(rt("Finish")).Call(decl.Clone(), jen.Id("w")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Id("mcpError").Call(jen.Err()), jen.Nil()),
			)
			if !fn.hasOut {
				g.Return(jen.Op("&").Add(mcpQ("CallToolResult")).Values(jen.Dict{
					jen.Id("Content"): jen.Index().Add(mcpQ("Content")).Values(jen.Op("&").Add(mcpQ("TextContent")).Values(jen.Dict{jen.Id("Text"): jen.Lit("SUCCESS")})),
				}), jen.Nil())
				return
			}
			g.If(jen.Id("rows").Op("==").Nil()).Block(jen.Id("rows").Op("=").Index().Id(fn.name + "Output").Values())
			g.Id("out").Op(":=").Map(jen.String()).Any().Values(jen.Dict{jen.Lit("rows"): jen.Id("rows")})
			g.List(jen.Id("text"), jen.Err()).Op(":=").Qual(pkgJSON, "Marshal").Call(jen.Id("out"))
			g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("mcpError").Call(jen.Err()), jen.Nil()))
			g.Return(jen.Op("&").Add(mcpQ("CallToolResult")).Values(jen.Dict{
				jen.Id("Content"):           jen.Index().Add(mcpQ("Content")).Values(jen.Op("&").Add(mcpQ("TextContent")).Values(jen.Dict{jen.Id("Text"): jen.String().Call(jen.Id("text"))})),
				jen.Id("StructuredContent"): jen.Id("out"),
			}), jen.Nil())
		})),
	)
	f.Line()
}
