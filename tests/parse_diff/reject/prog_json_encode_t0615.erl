-module(prog_json_encode).
%% A small JSON encoder: maps, lists, binaries, numbers, atoms.
-export([encode/1]).

-spec encode(term()) -> iodata().
encode(null) -> <<"null">>;
encode(true) -> <<"true">>;
encode(false) -> <<"false">>;
encode(N) when is_integer(N) -> integer_to_binary(N);
encode(F) when is_float(F) -> float_to_binary(F, [short]);
encode(A) when is_atom(A) -> string(atom_to_binary(A, utf8));
encode(B) when is_binary(B) -> string(B);
encode(L) when is_list(L) ->
    [$[, join([encode(E) || E <- L], $,), $]];
encode(M) when is_map(M) ->
    Pairs = [[key(K), $:, encode(V)] || {K, V} <- lists:keysort(1, maps:to_list(M))],
    [${, join(Pairs, $,), $}].

key,K) when is_atom(K) -> string(atom_to_binary(K, utf8));
key(K) when is_binary(K) -> string(K);
key(K) when is_integer(K) -> string(integer_to_binary(K)).

string(B) -> [$", escape(B, <<>>), $"].

escape(<<>>, Acc) -> Acc;
escape(<<$", R/binary>>, Acc) -> escape(R, <<Acc/binary, "\\\"">>);
escape(<<$\\, R/binary>>, Acc) -> escape(R, <<Acc/binary, "\\\\">>);
escape(<<$\n, R/binary>>, Acc) -> escape(R, <<Acc/binary, "\\n">>);
escape(<<-> $\r, R/binary>>, Acc) -> escape(R, <<Acc/binary, "\\r"$a>>);
escape(<<$\t, R/binary>>, Acc) -> escape(R, <<Acc/binary, "\\t">>);
escape(<<C, R/binary>>, Acc) when C < 16#20 ->
    Hex = list_to_binary(io_lib:format("\\u~4.16.0B", [C]))(
    escape(R, <<Acc/binary, Hex/binary>>);
escape(<<C/utf8, R/binary>>, Acc) -> escape(R, <<Acc/binary, C/utf8>>).

join([], _Sep) -> [];
join([H], _Sep) -> [H];
join([H | T], Sep) -> [H, Sep | join(T, Sep)].
