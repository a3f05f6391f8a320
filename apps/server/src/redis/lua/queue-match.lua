return match_now(ARGV[5], ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4])
