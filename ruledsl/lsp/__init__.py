"""The language server: ruledsl's own parser and checker answering an editor over LSP.

analysis.py   a document checked as `ruledsl check` checks it, with unsaved buffers of the
              files it extends, and the last version that parsed
positions.py  spans to LSP ranges and back, diagnostics to LSP diagnostics
navigate.py   hover, go to definition, find references (from the checker's index)
complete.py   completion: names in scope, fields after a dot, keywords, builtins
outline.py    document symbols, and a code lens on each scenario
server.py     the pygls server: documents, debounced checks, one handler per feature
"""
