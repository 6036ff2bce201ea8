// The rosettac extension: starts `rosettac lsp` on stdio for the three
// languages; everything else (diagnostics, hovers, fixes, formatting) is
// the server's.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const cfg = vscode.workspace.getConfiguration("rosettac");
  const server = { command: cfg.get("path", "rosettac"), args: ["lsp"] };
  client = new LanguageClient(
    "rosettac",
    "rosettac",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "rosetta" },
        { scheme: "file", language: "lingua" },
        { scheme: "file", language: "agentdsl" },
      ],
      initializationOptions: { rosettac: { lang: cfg.get("lang", "en"), keyFile: cfg.get("keyFile", "") } },
      synchronize: { configurationSection: "rosettac" },
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
