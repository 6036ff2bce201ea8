-- Driven by TestNeovim: Neovim's own LSP client against rosettac's server.
-- It opens the transcript, waits for diagnostics, asks for a hover and a
-- definition, types the missing parent (the E008 must go away), applies the
-- "Format document" code action, and writes what it saw as JSON lines to
-- ROSETTAC_NVIM_OUT. Any Lua error is recorded too, then Neovim quits.
local out = assert(io.open(os.getenv("ROSETTAC_NVIM_OUT"), "w"))
local function record(key, value)
  out:write(vim.json.encode({ key = key, value = value }), "\n")
  out:flush()
end

local function main()
  local file = os.getenv("ROSETTAC_NVIM_FILE")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = "rosetta"

  local id = vim.lsp.start_client({
    name = "rosettac",
    cmd = { os.getenv("ROSETTAC_NVIM_SERVER"), "lsp" },
    cmd_env = { ROSETTAC_LSP_SERVE = "1" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)

  local function codes()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      table.insert(out, { code = d.code, lnum = d.lnum, col = d.col, end_col = d.end_col, source = d.source })
    end
    table.sort(out, function(a, b) return a.lnum < b.lnum or a.lnum == b.lnum and a.col < b.col end)
    return out
  end
  local function has(code)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == code then return true end
    end
    return false
  end

  record("attached", vim.wait(20000, function() return has("E008") end, 50))
  record("diagnostics", codes())

  local uri = vim.uri_from_bufnr(buf)
  local function request(method, params)
    local res, err = client.request_sync(method, params, 20000, buf)
    if not res then return { error = tostring(err) } end
    if res.err then return { error = res.err.message } end
    return res.result
  end
  -- Hover on the ctx reference @a1.1.draft#L2 (line 8, after "ctx ").
  record("hover", request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 8, character = 8 } }))
  -- Definition of re=a1.1 on line 6.
  record("definition", request("textDocument/definition", { textDocument = { uri = uri }, position = { line = 6, character = 12 } }))

  -- Type the parent of c1.1 above it: the client sends the change, the
  -- server checks again, and the E008 goes away.
  vim.api.nvim_buf_set_lines(buf, 10, 10, false, { "z9.9 ask >c1 #ops", " q 准备好了吗🚀?", "" })
  record("parent_typed", vim.wait(20000, function() return not has("E008") end, 50))
  record("diagnostics_after", codes())

  -- The code actions at c1.1's header; apply "Format document".
  local actions = request("textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = { line = 13, character = 0 }, ["end"] = { line = 13, character = 0 } },
    context = { diagnostics = {} },
  })
  local titles = {}
  for _, a in ipairs(actions or {}) do
    table.insert(titles, a.title)
    if a.title:find("^Format document") then
      vim.lsp.util.apply_workspace_edit(a.edit, client.offset_encoding or "utf-16")
    end
  end
  record("actions", titles)
  record("buffer", vim.api.nvim_buf_get_lines(buf, 0, -1, false))
  record("offset_encoding", client.offset_encoding)
  client.stop()
end

local ok, err = pcall(main)
if not ok then record("error", tostring(err)) end
out:close()
vim.cmd("qa!")
