-- The request mix of bench/load.py for wrk (Debian's wrk 4.1, LuaJIT). Not run on its own: load.py writes
-- the plan (LOAD_PLAN, a Lua file returning a table) after setting up the site, then runs
--   LOAD_PLAN=plan.lua wrk -t1 -cN -dS --timeout 30s -s bench/load.lua http://127.0.0.1:PORT
--
-- plan = {
--   seed = 1,
--   kinds = { {name = "card detail", weight = 12, cycle = false, reqs = { {method, path, headers, body}, ... }}, ... },
--   print = {method, path, headers, body} or nil,  -- sent once, as the print_after-th request of thread 1
--   print_after = 50,
-- }
-- A kind picks one of its requests at random, or, with cycle = true, in the plan's order (the goldfish
-- tap/undo pairs, so that a session's log only moves back and forth around its starting length).
--
-- Each wrk thread has its own Lua state: it counts the status codes it gets in the global `counts` (and keeps
-- the first few error bodies in `errors`); done() runs in yet another state and reads every thread's
-- tables through thread:get, as wrk's SCRIPTING describes. Its lines start with "@@" for load.py to read.

local plan = dofile(os.getenv("LOAD_PLAN"))
local threads = {}
local thread_count = 0

function setup(thread)
   thread_count = thread_count + 1
   thread:set("id", thread_count)
   table.insert(threads, thread)
end

local kinds, cumulative, total = {}, {}, 0
local printed = false
local sent = 0

function init(args)
   counts = {}
   errors = {}
   math.randomseed(plan.seed + (id or 1))
   for i, kind in ipairs(plan.kinds) do
      local reqs = {}
      for j, r in ipairs(kind.reqs) do
         reqs[j] = wrk.format(r[1], r[2], r[3], r[4])
      end
      kinds[i] = {reqs = reqs, cycle = kind.cycle, next = 1}
      total = total + kind.weight
      cumulative[i] = total
   end
   if plan.print then
      plan.print_request = wrk.format(plan.print[1], plan.print[2], plan.print[3], plan.print[4])
   end
end

function request()
   sent = sent + 1
   if plan.print_request and not printed and id == 1 and sent >= plan.print_after then
      printed = true
      return plan.print_request
   end
   local r = math.random() * total
   local i = 1
   while cumulative[i] < r do
      i = i + 1
   end
   local kind = kinds[i]
   if kind.cycle then
      local req = kind.reqs[kind.next]
      kind.next = kind.next % #kind.reqs + 1
      return req
   end
   return kind.reqs[math.random(#kind.reqs)]
end

function response(status, headers, body)
   counts[status] = (counts[status] or 0) + 1
   if (status < 200 or status >= 400) and #errors < 5 then
      table.insert(errors, status .. " " .. string.gsub(string.sub(body or "", 1, 300), "%s+", " "))
   end
end

function done(summary, latency, requests)
   local e = summary.errors
   print(string.format("@@ summary %d %d %d %d %d %d %d", summary.duration, summary.requests, e.connect, e.read,
                       e.write, e.status, e.timeout))
   print(string.format("@@ latency %d %d %d %d %d", latency:percentile(50), latency:percentile(95),
                       latency:percentile(99), latency.max, latency.mean))
   local all = {}
   for _, thread in ipairs(threads) do
      for status, n in pairs(thread:get("counts") or {}) do
         all[status] = (all[status] or 0) + n
      end
      for _, line in ipairs(thread:get("errors") or {}) do
         print("@@ error " .. line)
      end
   end
   for status, n in pairs(all) do
      print(string.format("@@ status %d %d", status, n))
   end
end
