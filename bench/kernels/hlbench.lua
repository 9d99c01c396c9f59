-- hlbench.lua — the benchmark kernels for the Lua 5.4 rows, the same
-- definitions as hlbench.erl (see bench/README.md). Loaded as text into each
-- sandboxed tenant; defines globals only.

function id(x) return x end

local function fib_(n)
  if n < 2 then return n end
  return fib_(n - 1) + fib_(n - 2)
end
fib = fib_

-- The LCG of hlbench.erl: the seed 42 is not an element; elements are the
-- successive x' in generation order. Integer arithmetic (x * 1103515245 stays
-- below 2^62, so no overflow in Lua's 64-bit integers).
function sort(n)
  local t, x = {}, 42
  for i = 1, n do
    x = (x * 1103515245 + 12345) % 2147483648
    t[i] = x
  end
  table.sort(t)
  return t[1] + t[n]
end

-- sort100k of hlbench.erl: the 100,000-element LCG table built once, then
-- copied and table.sort'ed r times; first + last of the last sort.
function sort100k(r)
  local base, x, n = {}, 42, 100000
  for i = 1, n do
    x = (x * 1103515245 + 12345) % 2147483648
    base[i] = x
  end
  local v = 0
  for _ = 1, r do
    local t = table.move(base, 1, n, 1, {})
    table.sort(t)
    v = t[1] + t[n]
  end
  return v
end

-- Count down to 0; Lua's idiom for Erlang's tail-recursive loop/1.
function loop(n)
  while n > 0 do n = n - 1 end
  return n
end

-- GC throughput, as hlbench.erl's gc/1: a live table of 10,000 integers
-- while N short-lived tables of 100 two-element tables are built, summed
-- and dropped. gc(1000) = 55110000.
function gc(n)
  local live = {}
  for i = 1, 10000 do live[i] = i end
  local acc = 0
  for k = n, 1, -1 do
    local pairs_ = {}
    for i = 1, 100 do pairs_[i] = {i, k} end
    for i = 1, 100 do local p = pairs_[i]; acc = acc + p[1] + p[2] end
  end
  return acc + #live
end

-- Maps, as hlbench.erl's maps100k/1: puts the n integer keys 0..n-1 (value
-- 2k) one by one into a table, gets each back, and sums the values with
-- pairs(); maps100k(100000) = 19999800000.
function maps100k(n)
  local t = {}
  for k = 0, n - 1 do t[k] = 2 * k end
  local s = 0
  for k = 0, n - 1 do s = s + t[k] end
  for _, v in pairs(t) do s = s + v end
  return s
end

-- string:split/3 of hlbench.erl: n records of "abcdefghi," (1 MB for
-- n = 100000) split on "," into a table of parts (a plain string.find
-- loop, as Lua programs split); the value is the number of parts, n + 1.
function split1mb(n)
  local s = string.rep("abcdefghi,", n)
  local parts, i = {}, 1
  while true do
    local j = string.find(s, ",", i, true)
    if not j then parts[#parts + 1] = string.sub(s, i); break end
    parts[#parts + 1] = string.sub(s, i, j - 1)
    i = j + 1
  end
  return #parts
end

-- binsplit1mb as hlbench.erl's: the N-byte string of "abcdefghi," repeated,
-- split at every comma (plain find), counting the pieces (the last one is
-- empty). binsplit1mb(1000000) = 100001.
function binsplit1mb(n)
  local s = string.rep("abcdefghi,", n // 10)
  local pieces, pos = {}, 1
  while true do
    local i = string.find(s, ",", pos, true)
    if not i then break end
    pieces[#pieces + 1] = string.sub(s, pos, i - 1)
    pos = i + 1
  end
  pieces[#pieces + 1] = string.sub(s, pos)
  return #pieces
end
