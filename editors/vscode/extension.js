// Starts `ruledsl lsp` for .rules files. The server does all the work; this file only
// tells VS Code how to start it (setting ruledsl.server.command).
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const [command, ...args] = vscode.workspace.getConfiguration("ruledsl").get("server.command");
  client = new LanguageClient(
    "ruledsl",
    "ruledsl",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "ruledsl" }] }
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
