%% adversarial.erl — guest kernels built to get the most CPU out of each
%% reduction or the longest single builtin call (bench/bench_adversarial.c
%% runs them; bench/README.md, "Adversarial"). Each K(N) loops until the
%% run's reductions are used up (or N rounds); the runner adds generated
%% kernels (a 60,000-statement function, a 65 KB literal pattern, 256 keys
%% sharing one map hash) to this text.
-module(adversarial).
-export([dag_get/1, dag_huge/1, binkey/1, throw_deep/1, throw_100k/1, binmatch_12mb/1,
         binmatch_periodic/1, phash2_big/1, t2b_big/1, t2b_z9/1, sort_big/1, l2b_big/1,
         b2l_big/1, rev_big/1, eq_big/1, sub_big/1, map_cmp/1, maps_from_list/1, split_big/1,
         l2i_big/1, i2l_big/1, bigmul/1, bigmul_huge/1, bigmul_chain/1, bigdiv_huge/1, bigdiv_wide/1,
         i2l_huge/1, l2i_huge/1, bsl_max/1, bigcmp_max/1, format_big/1, b2t_big/1, bin_build/1, setel_big/1, map_put_big/1, map_get_big/1, maps_to_list_big/1,
         re_backtrack/1, re_scan_poss/1, re_scan_lit/1, re_global/1, re_window/1,
         i2b_huge/1, re_scan_16m/1, re_scan_neg/1, bigmul_max/1, i2l_max/1, fib/1, loop/1,
         binkey_put/1, binkey_grow/1, dag_put/1, dag_eq/1, phash2_dag/1, phash2_bin/1, bigkey/1,
         dag_eqkey/1, dag_eqkey_flat/1, dag_eqkey_17/1, band_max/1, add_max/1, neg_max/1, bsr_neg_max/1,
         bigcmp_sort/1, fromlist_dag/1]).
%% quantum3
-export([len_big/1, fromkeys_bin/1, fromkeys_grow/1, with_dag/1, without_bin/1, merge_dag/1, merge_bins/1,
         fromlist_bins/1, sort_dag/1, sort_bigmax/1, sort_tuples/1, sort_8k/1]).

dag(0) -> [1, 2, 3];
dag(K) -> D = dag(K - 1), {D, D}.
big_map() -> maps:from_list([{I, I} || I <- lists:seq(1, 40)]).
rep(0, _F) -> ok;
rep(N, F) -> F(), rep(N - 1, F).

%% a key of shared structure: 2^16 leaves, 17 heap objects
dag_get(N) -> M = big_map(), D = dag(16), rep(N, fun() -> maps:get(D, M, none) end).
%% 2^28 leaves: refused (system_limit) after the cap's work
dag_huge(N) -> M = big_map(), D = dag(28), rep(N, fun() -> catch M#{D => 1} end).
%% a 16 MB binary key (1M units: under the cap)
binkey(N) -> M = big_map(), B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20),
             rep(N, fun() -> maps:get(B, M, none) end).
%% a throw through 2,000 frames of 60 live slots each
frames(0, _) -> throw(bottom);
frames(K, X) ->
    {A1, A2, A3, A4, A5, A6, A7, A8, A9, A10} = {X, X, X, X, X, X, X, X, X, X},
    {B1, B2, B3, B4, B5, B6, B7, B8, B9, B10} = {X, X, X, X, X, X, X, X, X, X},
    {C1, C2, C3, C4, C5, C6, C7, C8, C9, C10} = {X, X, X, X, X, X, X, X, X, X},
    {D1, D2, D3, D4, D5, D6, D7, D8, D9, D10} = {X, X, X, X, X, X, X, X, X, X},
    {E1, E2, E3, E4, E5, E6, E7, E8, E9, E10} = {X, X, X, X, X, X, X, X, X, X},
    {F1, F2, F3, F4, F5, F6, F7, F8, F9, F10} = {X, X, X, X, X, X, X, X, X, X},
    R = frames(K - 1, X),
    [R, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10,
     C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,
     E1, E2, E3, E4, E5, E6, E7, E8, E9, E10, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10].
throw_deep(N) -> rep(N, fun() -> catch frames(2000, x) end).
throw_100k(N) -> rep(N, fun() -> catch frames2(100000) end).
frames2(0) -> throw(bottom);
frames2(K) -> [frames2(K - 1)].
%% binary:match with a 12 MB pattern that almost matches everywhere
binmatch_12mb(N) ->
    P = <<(binary:copy(<<"a">>, 12000000))/binary, "b">>,
    S = binary:copy(<<"a">>, 12500000),
    rep(N, fun() -> binary:match(S, P) end).
binmatch_periodic(N) ->
    P = <<(binary:copy(<<"ab">>, 100000))/binary, "c">>,
    S = binary:copy(<<"ab">>, 2000000),
    rep(N, fun() -> binary:match(S, P) end).
%% a sweep of builtins on about the largest inputs the heap allows
phash2_big(N) -> L = lists:seq(1, 1000000), rep(N, fun() -> erlang:phash2(L) end).
t2b_big(N) -> L = lists:seq(1, 300000), rep(N, fun() -> term_to_binary(L) end).
t2b_z9(N) -> B = binary:copy(<<"abcdefghij">>, 200000), rep(N, fun() -> term_to_binary(B, [{compressed, 9}]) end).
sort_big(N) -> L = [(I * 7919) rem 100003 || I <- lists:seq(1, 200000)], rep(N, fun() -> lists:sort(L) end).
l2b_big(N) -> L = lists:duplicate(1000000, $a), rep(N, fun() -> list_to_binary(L) end).
b2l_big(N) -> B = binary:copy(<<"a">>, 1000000), rep(N, fun() -> binary_to_list(B) end).
rev_big(N) -> L = lists:seq(1, 1000000), rep(N, fun() -> lists:reverse(L) end).
eq_big(N) -> A = lists:seq(1, 1000000), B = lists:seq(1, 1000000), rep(N, fun() -> A == B end).
sub_big(N) -> A = lists:seq(1, 3000), B = lists:reverse(A), rep(N, fun() -> A -- B end).
map_cmp(N) -> A = maps:from_list([{I, I} || I <- lists:seq(1, 30000)]),
              B = maps:from_list([{I, I} || I <- lists:seq(2, 30001)]), rep(N, fun() -> A < B end).
maps_from_list(N) -> L = [{I, I} || I <- lists:seq(1, 100000)], rep(N, fun() -> maps:from_list(L) end).
split_big(N) -> B = binary:copy(<<"abcdefghi,">>, 100000), rep(N, fun() -> binary:split(B, <<",">>, [global]) end).
l2i_big(N) -> L = lists:duplicate(19000, $7), rep(N, fun() -> list_to_integer(L) end).
i2l_big(N) -> I = 1 bsl 65000, rep(N, fun() -> integer_to_list(I) end).
bigmul(N) -> I = (1 bsl 32700) - 1, rep(N, fun() -> (I * I) rem 7 end).
%% bignums up to OTP's size (docs/limits.md): the largest calls the work
%% cap (2^27 limb pairs) allows, and the linear operations at 33.5M bits
bigmul_huge(N) -> I = (1 bsl 740000) - 1, rep(N, fun() -> (I * I) band 7 end).
bigmul_chain(N) -> F = (1 bsl 65536) - 3, chain(N, F, F).
chain(0, _F, A) -> A band 1;
chain(N, F, A) when A > 1 bsl 4000000 -> chain(N - 1, F, F);
chain(N, F, A) -> chain(N - 1, F, A * F).
bigdiv_huge(N) -> A = (1 bsl 1400000) - 1, B = (1 bsl 700000) - 3, rep(N, fun() -> A div B end).
bigdiv_wide(N) -> A = (1 bsl 8000000) - 1, B = (1 bsl 65000) - 3, rep(N, fun() -> A rem B end).
i2l_huge(N) -> I = (1 bsl 1000000) - 1, rep(N, fun() -> integer_to_list(I) end).
l2i_huge(N) -> L = lists:duplicate(250000, $7), rep(N, fun() -> list_to_integer(L) end).
bsl_max(N) -> rep(N, fun() -> (1 bsl 33554367) band 1 end).
bigcmp_max(N) -> A = 1 bsl 33554367, B = A + 1, rep(N, fun() -> A < B end).
format_big(N) -> T = lists:seq(1, 20000), rep(N, fun() -> io_lib:format("~p", [T]) end).
b2t_big(N) -> B = term_to_binary(lists:seq(1, 20000)), rep(N, fun() -> binary_to_term(B) end).
bin_build(N) -> B = binary:copy(<<"x">>, 8000000), rep(N, fun() -> <<B/binary, B/binary>> end).
setel_big(N) -> T = erlang:make_tuple(2000000, x), rep(N, fun() -> setelement(1, T, y) end).
map_put_big(N) -> map_put(N, #{}).
map_put(0, M) -> map_size(M);
map_put(N, M) -> map_put(N - 1, M#{N => N}).
map_get_big(N) -> M = maps:from_list([{I, I} || I <- lists:seq(1, 100000)]),
                  rep(N, fun() -> maps:get(N rem 100000 + 1, M) end).
maps_to_list_big(N) -> M = maps:from_list([{I, I} || I <- lists:seq(1, 100000)]),
                       rep(N, fun() -> maps:to_list(M) end).
%% re (vm/bif_re.c): a backtracking bomb at every position of a long
%% subject; a scan to the end from every position (auto-possessive class);
%% a literal search over 4 MB; global matches; a match longer than the
%% windows (every slice climbs the window levels)
re_backtrack(N) -> S = <<(binary:copy(<<"a">>, 100000))/binary, "b">>,
                   rep(N, fun() -> re:run(S, "(a+)+$") end).
re_scan_poss(N) -> S = binary:copy(<<"a">>, 1000000), rep(N, fun() -> re:run(S, "[ab]*(?:x|y)") end).
re_scan_lit(N) -> S = binary:copy(<<"a">>, 4000000), rep(N, fun() -> re:run(S, "foo") end).
re_global(N) -> S = binary:copy(<<"ab cd ">>, 100000), rep(N, fun() -> re:run(S, "\\w+", [global]) end).
re_window(N) -> S = binary:copy(<<"a">>, 2000000), rep(N, fun() -> re:run(S, "a{1000,}b") end).
loop(0) -> 0;
loop(N) -> loop(N - 1).
fib(N) -> fibr(N).
fibr(N) when N < 2 -> N;
fibr(N) -> fibr(N - 1) + fibr(N - 2).
%% probes for the bignum jobs (temporary names)
i2b_huge(N) -> I = (1 bsl 1000000) - 1, rep(N, fun() -> integer_to_binary(I) end).
%% one start position whose path scans a 16 MiB subject (a* then no b):
%% the scan past RE_WIN_MAX ends with the match limit (docs/limits.md, "re")
re_scan_16m(N) -> B = binary:copy(<<"a">>, 16 bsl 20), rep(N, fun() -> re:run(B, "a*b", [report_errors]) end).
re_scan_neg(N) -> B = binary:copy(<<"a">>, 16 bsl 20), rep(N, fun() -> re:run(B, "[^x]*", [report_errors]) end).
%% past the old bignum work cap (system_limit before): computed in steps
bigmul_max(N) -> I = (1 bsl 2000000) - 1, rep(N, fun() -> (I * (I - 2)) band 7 end).
i2l_max(N) -> I = (1 bsl 4000000) - 1, rep(N, fun() -> length(integer_to_list(I)) end).
%% map keys hashed in pieces (vm/vm_map.c): a put of a 16 MiB binary key
%% (the instruction), a flat map holding one growing past 32 keys (every
%% key hashed, the big one too), a shared-structure key put, =:= of two
%% equal DAGs built apart, phash2 of a DAG and of a 16 MiB binary, and a
%% 33.5M-bit integer key
binkey_put(N) -> M = big_map(), B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20),
                 rep(N, fun() -> M#{B => 1} end).
binkey_grow(N) -> B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20),
                  M = maps:from_list([{B, 0} | [{I, I} || I <- lists:seq(1, 31)]]),
                  rep(N, fun() -> M#{x => 1} end).
dag_put(N) -> M = big_map(), D = dag(16), rep(N, fun() -> M#{D => 1} end).
dag_eq(N) -> A = dag(20), B = dag(20), rep(N, fun() -> A =:= B end).
phash2_dag(N) -> D = dag(20), rep(N, fun() -> erlang:phash2(D) end).
phash2_bin(N) -> B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20), rep(N, fun() -> erlang:phash2(B) end).
bigkey(N) -> M = big_map(), K = 1 bsl 33554367, rep(N, fun() -> maps:get(K, M, none) end).
%% a lookup whose key equals a stored one built apart: the map layer's
%% =:= of the two, in pieces by the comparison walk (vm_map.c)
dag_eqkey(N) -> M = (big_map())#{dag(16) => 1}, D = dag(16), rep(N, fun() -> maps:get(D, M) end).
%% the same in a flat map (binary search: comparisons for order), and near
%% the key hash's cap (2^17 leaves, ~1M hash units; it was one ~10 ms comparison)
dag_eqkey_flat(N) -> M = #{dag(16) => 1, a => 2, {b} => 3}, D = dag(16), rep(N, fun() -> #{D := V} = M, V end).
dag_eqkey_17(N) -> M = (big_map())#{dag(17) => 1}, D = dag(17), rep(N, fun() -> maps:get(D, M) end).
%% linear operations on the largest integers (written in steps, term/biglin.c)
band_max(N) -> A = (1 bsl 33554367) - 1, B = -(1 bsl 33554360) + 7, rep(N, fun() -> (A band B) band 1 end).
add_max(N) -> A = (1 bsl 33554366) - 1, B = A - 5, rep(N, fun() -> (A + B) band 1 end).
neg_max(N) -> A = (1 bsl 33554366) - 3, rep(N, fun() -> (bnot A) band 1 end).
bsr_neg_max(N) -> A = -(1 bsl 33554366), rep(N, fun() -> (A bsr 64) band 1 end).
%% lists:sort of long integers of one size (each comparison one leaf of the
%% sort's budget)
bigcmp_sort(N) -> L = [(1 bsl 8000000) + I || I <- [5, 3, 9, 1, 7, 2, 8, 4]], rep(N, fun() -> lists:sort(L) end).
%% maps:from_list with a huge key equal to one already put (hashed and
%% compared in pieces, from_list_one)
fromlist_dag(N) -> L = [{I, I} || I <- lists:seq(1, 40)] ++ [{dag(16), a}, {x, 1}, {dag(16), b}],
    rep(N, fun() -> maps:from_list(L) end).
%% fileq: the file builtins over the bench's mount /adv (bench_adversarial.c,
%% make_files): each call must stay a bounded share of the work.
-export([list_dir_20k/1, list_dir_20k_det/1, consult_64k/1, consult_64k_one/1, read_file_16m/1,
         write_file_4m/1, deep_path/1]).
%% 20,000 entries: read a batch per call, built a batch per call
list_dir_20k(N) -> rep(N, fun() -> {ok, L} = file:list_dir("/adv/big"), 20000 = length(L) end).
%% the same in the deterministic profile: sorted by a merge in steps
list_dir_20k_det(N) -> rep(N, fun() -> {ok, L} = file:list_dir("/adv/big"), 20000 = length(L) end).
%% 1,000 terms in 64 KiB: parsed a few terms per call
consult_64k(N) -> rep(N, fun() -> {ok, L} = file:consult("/adv/c64k"), true = length(L) > 900 end).
%% one term of 64 KiB: lexed and parsed 4,096 tokens per call (a reader job)
consult_64k_one(N) -> rep(N, fun() -> {ok, [L]} = file:consult("/adv/c64k1"), is_list(L) end).
%% 16 MiB read in 256 KiB chunks (fresh binaries each time)
read_file_16m(N) -> rep(N, fun() -> {ok, B} = file:read_file("/adv/r16m"), 16777216 = byte_size(B) end).
%% 4 MiB written in 256 KiB chunks
write_file_4m(N) -> B = binary:copy(<<"0123456789abcdef">>, 1 bsl 18),
    rep(N, fun() -> ok = file:write_file("/adv/out/w", B) end).
%% the longest path a guest may name (4,096 bytes): 2,000 directories deep
deep_path(N) -> D = "/adv/deep" ++ lists:append(lists:duplicate(2000, "/a")),
    rep(N, fun() -> {ok, _} = file:read_file_info(D), ok = file:make_dir(D ++ "/x"),
                    ok = file:rename(D ++ "/x", D ++ "/y"), ok = file:del_dir(D ++ "/y"),
                    {error, enoent} = file:read_file(D ++ "/nope") end).
%% quantum3: builtins that ran one long call (each bounded per call now)
%% length/1 of a 1.2M-cell list (8,192 cells per call)
len_big(N) -> L = lists:seq(1, 1200000), rep(N, fun() -> length(L) end).
%% map builders with huge keys: hashed and compared in pieces (bif_maps.c)
fromkeys_bin(N) -> B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20),
    rep(N, fun() -> maps:from_keys([1, B, 2], x) end).
%% a flat map holding a 16 MiB key grows past 32 keys in one chunk
fromkeys_grow(N) -> B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20),
    rep(N, fun() -> maps:from_keys([B | lists:seq(1, 40)], x) end).
with_dag(N) -> D = dag(16), M = (big_map())#{dag(16) => d},
    rep(N, fun() -> maps:with([1, D, 2], M) end).
without_bin(N) -> B = binary:copy(<<"0123456789abcdef">>, 1 bsl 20), M = (big_map())#{B => b},
    B2 = binary:copy(<<"0123456789abcdef">>, 1 bsl 20), rep(N, fun() -> maps:without([3, B2], M) end).
merge_dag(N) -> M1 = (big_map())#{dag(16) => d}, M2 = #{dag(16) => e, a => 1},
    rep(N, fun() -> maps:merge(M1, M2) end).
%% 64 KiB binary keys, each just cheap enough to hash in a chunk
merge_bins(N) -> Ks = [<<I:32, (binary:copy(<<"x">>, 65000))/binary>> || I <- lists:seq(1, 40)],
    M1 = maps:from_keys(Ks, 1), M2 = big_map(), rep(N, fun() -> maps:merge(M2, M1) end).
fromlist_bins(N) -> L = [{<<I:32, (binary:copy(<<"x">>, 65000))/binary>>, I} || I <- lists:seq(1, 40)],
    rep(N, fun() -> maps:from_list(L) end).
%% lists:sort of equal DAGs built apart (2^17 leaves) and of long
%% integers at OTP's size: comparisons in pieces (hl_sort_prep's walk; the
%% C cores give up at their budget and lists.erl merges with =<)
sort_dag(N) -> L = [{dag(17), I rem 3} || I <- lists:seq(1, 6)], rep(N, fun() -> lists:sort(L) end).
sort_bigmax(N) -> A = 1 bsl 33554360, L = [A + 3, A + 1, A + 2, A], rep(N, fun() -> lists:sort(L) end).
%% the C cores' budget on ordinary terms: 8,192 tuples (one hl_sort_otp call)
sort_tuples(N) -> L = [{I rem 97, I} || I <- lists:seq(8192, 1, -1)], rep(N, fun() -> lists:sort(L) end).
sort_8k(N) -> L = [(I * 7919) rem 100003 || I <- lists:seq(1, 8192)], rep(N, fun() -> lists:sort(L) end).
