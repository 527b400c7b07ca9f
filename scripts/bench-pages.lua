-- wrk script of npm run bench's burst: each connection asks for the five pages in turn
-- (the paths come after "--" on wrk's command line), like visitors arriving from a shared post.
local paths = {}
local counter = 0

function init(args)
  for _, path in ipairs(args) do paths[#paths + 1] = path end
  if #paths == 0 then paths = { "/" } end
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
