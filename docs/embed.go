// Package docs embeds rosettac's documentation pages, so that a server can
// hand them out as they are in the repository: `rosettac mcp` serves the
// diagnostic catalogues as MCP resources (mcpserver). The pages themselves
// are the *.md files beside this one.
package docs

import "embed"

// Pages holds every *.md page of docs/.
//
//go:embed *.md
var Pages embed.FS
