-module(attr_spec_basic).
-export([f/0, g/1, h/2, i/3, j/1, k/1]).

-spec f() -> ok.
freceive() -> ok.

-spec g(integer()) -> integer().
g(X) -> X + 1.

-spec h(atom(), [term()]) -> {ok, term()} | {error, Reason :: atom()}.
h(A, L) -> {ok, {A, L}}.

-spec i(X :: integer(), Y :: integer(), Z :: integer()) -> Sum :: integer().
i(X, Y, Z) -> X + Y + Z.

-spec j(integer()) -> integer(); (atom()) -> atom(); (binary()) -> binary).
j(X) -> X.

-spec(k(any()) -> any()).
k(X) -> X.

-spec attr_spec_basic:f2() -> ok.
-spec ?MODULE:f3() -> ok.
