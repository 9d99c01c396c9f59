-module(bin_ipv4_header).
-export([main/0]).
parse(<<4:4, IHL:4, _DSCP:6, _ECN:2, Len:16, Id:16, _Flags:3, Frag:13, TTL:8, Proto:8, _Sum:16,
        S1, S2, S3, S4, D1, D2, D3, D4, Rest/binary>>) when IHL >= 5 ->
    {ok, [{len, Len}, {id, Id}, {frag, Frag}, {ttl, TTL}, {proto, Proto},
           {src, {S1, S2, S3, S4}}, {dst, {D1, D2, D3, D4}}, {payload, Rest}]};
parse(_) -> error.
main() ->
    P = <<4:4, 5:4, 0:6, 0:2, 28:16, 54321:16, 2:3, 0:13, 64, 17, 0:16, 10, 0, 0, 1, 192, 168, 1, 1, "payload!">>,
    {parse(P), parse(<<6:4, 0:4>>)}.
