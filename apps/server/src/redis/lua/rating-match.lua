-- rating-match.ts's rules, for the queue scripts (START and PER_S come from RATING_RANGE, given before this file).
-- rating-match.ts's avoids: one of the two blocks the other.
local function avoids(a, b)
  return (a.avoid ~= nil and a.avoid[b.id] == true) or (b.avoid ~= nil and b.avoid[a.id] == true)
end
-- rating-match.ts's mayMeet: the later arrival's range decides.
local function may_meet(a, b, now)
  if avoids(a, b) then return false end
  if not a.rating or not b.rating then return true end
  local waited = math.max(0, now - math.max(a.since, b.since))
  return math.abs(a.rating - b.rating) <= START + waited / 1000 * PER_S
end
-- Adds to chosen (indices into w), in order of arrival, each who may meet everyone chosen, up to players.
local function choose(w, chosen, players, now)
  local taken = {}
  for _, i in ipairs(chosen) do taken[i] = true end
  for j = 1, #w do
    if #chosen >= players then break end
    if not taken[j] then
      local ok = true
      for _, i in ipairs(chosen) do
        if not may_meet(w[i], w[j], now) then ok = false break end
      end
      if ok then chosen[#chosen + 1] = j taken[j] = true end
    end
  end
  table.sort(chosen)
  local ids = {}
  for k, i in ipairs(chosen) do ids[k] = w[i].id end
  return ids
end
-- rating-match.ts's matchByRating: ids in order of arrival, or nil.
local function match_by_rating(w, players, now)
  for first = 1, #w do
    local ids = choose(w, { first }, players, now)
    if #ids == players then return ids end
  end
  return nil
end
-- rating-match.ts's nextMeeting.
local function next_meeting(w, players, now)
  if #w < players then return nil end
  local next = nil
  for i = 1, #w do
    for j = i + 1, #w do
      local a, b = w[i], w[j]
      if a.rating and b.rating and not avoids(a, b) then
        local at = math.max(a.since, b.since) + math.ceil((math.abs(a.rating - b.rating) - START) * 1000 / PER_S)
        if at > now and (not next or at < next) then next = at end
      end
    end
  end
  return next
end
