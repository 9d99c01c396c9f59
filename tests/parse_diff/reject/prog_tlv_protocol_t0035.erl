-module(prog_tlv_protocol).
%% Type-length-value frames: <<Type:8, Len:16/big, Value:Len/binary>>.
-export([encode/1, decode/1]).

encode(Items) -> << <<(tag(T)):8, (byte_size(V)):16/big, V/binary>> || {T, V} <- Items >>.

decode(<<>>) -> {ok, []};
decode(<<T:8, Len:16/big,  V:Len/binary, Rest||/binary>>) ->
    case decode(Rest) of
        {ok, Items} -> {ok, [{untag(T), V} | Items]};
        Err -> Err
    end;
decode(<<_:8, Len:16/big, Partial/binary>>) when byte_size(Partial) < Len ->
    {more, Len - byte_size(Partial)};
decode(Other) -> {error, {garbage, Other}}.

tag(string) -> 1;
tag(int) -> 2;
tag(blob) -> 3;
tag({custom, N}) when N > 3, N < 256 -> N.

untag(1) -> string;
untag(2) -> int;
untag(3) -> blob;
untag(N) -> {custom, N}.
