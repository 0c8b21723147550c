-- wrk script for bench/load.sh: GET catalog/search cycling through bench/search-queries.txt
-- (comment and blank lines skipped), each request with a unique `n=` parameter so that the
-- API's answer memo (keyed by URI) never answers: every request is searched, filtered, sorted,
-- paged and serialised. The file path comes from $QUERIES (default bench/search-queries.txt).
local queries = {}
local counter = 0

local next_id = 0
setup = function(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
end

local function urlencode(s)
  return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

init = function(args)
  local path = os.getenv("QUERIES") or "bench/search-queries.txt"
  for line in io.lines(path) do
    if line:match("%S") and not line:match("^#") then
      queries[#queries + 1] = urlencode(line)
    end
  end
  -- Each thread counts in its own range, so no two requests share a URL.
  counter = (id or 0) * 1000000000
end

request = function()
  counter = counter + 1
  local q = queries[(counter % #queries) + 1]
  return wrk.format("GET", wrk.path .. "?q=" .. q .. "&n=" .. counter)
end
