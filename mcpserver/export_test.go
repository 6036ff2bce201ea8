package mcpserver_test

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rosettac/rosettac/mcpserver"
)

func newServer() *mcp.Server { return mcpserver.New("test") }
