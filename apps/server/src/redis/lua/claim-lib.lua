-- The person's claim ("<queue> <claim>"), or nil: also for "! <table>", the mark of a leave
-- that found them seated at a match (HOLD), which claims no queue.
local function claim_of(who, player)
  local c = redis.call('HGET', who, player)
  if c and string.sub(c, 1, 2) == '! ' then return nil end
  return c
end
