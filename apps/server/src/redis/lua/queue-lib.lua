-- What every queue script shares (TAKEN_MS given before this file; job-lib.lua and rating-match.lua before it).
-- The waiting in order of arrival: { id, since, rating (nil: anyone may meet them), avoid (a set of
-- ids, from the ticket: whom they are never seated with) }.
local function waiting(q, r, t)
  local z = redis.call('ZRANGE', q, 0, -1, 'WITHSCORES')
  local w, ids = {}, {}
  for i = 1, #z, 2 do
    w[#w + 1] = { id = z[i], since = tonumber(z[i + 1]) }
    ids[#ids + 1] = z[i]
  end
  if #ids > 0 then
    local rs = redis.call('HMGET', r, unpack(ids))
    local ts = redis.call('HMGET', t, unpack(ids))
    for i, x in ipairs(w) do
      if rs[i] then x.rating = tonumber(rs[i]) end
      if ts[i] then
        local avoid = cjson.decode(ts[i]).avoid
        if type(avoid) == 'table' then
          x.avoid = {}
          for _, id in ipairs(avoid) do x.avoid[id] = true end
        end
      end
    end
  end
  return w
end
local q, b, t, r, c, x, l, p, rules_key, n, due, payloads, match_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8], KEYS[9], KEYS[10], KEYS[11], KEYS[12], KEYS[13]
-- Keeps the queue's job due at the earliest wait's end, or sooner at the next meeting; returns both.
local function fill_job(queue, now)
  local first = redis.call('ZRANGE', b, 0, 0, 'WITHSCORES')
  if first[2] then
    local at = tonumber(first[2])
    local meeting = next_meeting(waiting(q, r, t), tonumber(redis.call('HGET', n, queue) or '0'), now)
    if meeting and meeting < at then at = meeting end
    local due_at = string.format('%d', at)
    set_job(due, payloads, 'q:' .. queue, '0', due_at)
    return first[2], due_at
  end
  clear_job(due, payloads, 'q:' .. queue)
  return '', ''
end
local function put(id, ticket, joined_at, bots_at, rating, claim)
  redis.call('ZADD', q, joined_at, id)
  redis.call('ZADD', b, bots_at, id)
  redis.call('HSET', t, id, ticket)
  if rating ~= '' then redis.call('HSET', r, id, rating) else redis.call('HDEL', r, id) end
  redis.call('HSET', c, id, claim)
end
-- This stored match's tickets (mm:p) and the leaves noted under its claims (mm:l): it is undone, or its table made, now.
local function forget_left(match)
  local m = cjson.decode(match)
  for i, ticket in ipairs(m.tickets) do
    redis.call('SREM', p, ticket.playerId .. ' ' .. m.claims[i])
    if redis.call('HGET', l, ticket.playerId) == m.claims[i] then redis.call('HDEL', l, ticket.playerId) end
  end
end
local function drop(id)
  redis.call('ZREM', q, id)
  redis.call('ZREM', b, id)
  redis.call('HDEL', t, id)
  redis.call('HDEL', r, id)
  redis.call('HDEL', c, id)
end
local function take_match(ids, queue, table_id, lease_until, now)
  local tickets, claims = {}, {}
  redis.call('ZREMRANGEBYSCORE', x, '-inf', now - TAKEN_MS)
  for i, id in ipairs(ids) do
    local claim = redis.call('HGET', c, id) or ''
    tickets[i] = redis.call('HGET', t, id)
    claims[i] = '"' .. claim .. '"'
    drop(id)
    redis.call('ZADD', x, now, id .. ' ' .. claim)
    redis.call('SADD', p, id .. ' ' .. claim)
  end
  local match = '{"tableId":"' .. table_id .. '","queue":"' .. queue .. '","rules":' .. redis.call('HGET', rules_key, queue)
    .. ',"tickets":[' .. table.concat(tickets, ',') .. '],"claims":[' .. table.concat(claims, ',') .. ']}'
  redis.call('SET', match_key, match)
  set_job(due, payloads, 'm:' .. table_id .. ':' .. queue, '0', lease_until)
  return match
end
local function reply(status, match, queue, now)
  local bots_at, due_at = fill_job(queue, now)
  return {status, match, tostring(redis.call('ZCARD', q)), bots_at, redis.call('HGET', rules_key, queue) or '', due_at}
end
-- 'join': the people who may meet by rating now; 'fill': the one whose wait is over first (if it
-- is) and whoever may meet them, else as 'join'.
local function match_now(mode, queue, now, table_id, lease_until)
  local w = waiting(q, r, t)
  local players = tonumber(redis.call('HGET', n, queue) or tostring(#w))
  local ids = nil
  local first = redis.call('ZRANGE', b, 0, 0, 'WITHSCORES')
  if mode == 'fill' and first[2] and tonumber(first[2]) <= now then
    for i, x in ipairs(w) do
      if x.id == first[1] then ids = choose(w, { i }, players, now) end
    end
  else
    ids = match_by_rating(w, players, now)
  end
  if not ids then return reply('none', '', queue, now) end
  return reply('matched', take_match(ids, queue, table_id, lease_until, now), queue, now)
end
