-module(maps_args).
-export([build/1, walk/2, upd/1, pat/1]).
%% Map seeds for fuzz_run: exported functions called with 1 and an atom list.
build(N) when is_integer(N) -> #{N => N, {N} => [N], a => #{b => N}};
build(L) -> #{list => L}.
walk(M, []) -> M;
walk(#{} = M, [K | Ks]) -> case M of #{K := V} -> walk(V, Ks); _ -> walk(M#{K => K}, Ks) end;
walk(X, L) -> #{X => L}.
upd(N) -> M = build(N), M#{a := 1, N := {x}, z => N}.
pat(#{a := #{b := B}}) -> B;
pat(X) -> map_size(build(X)).
