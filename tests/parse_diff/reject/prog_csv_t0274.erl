-module(prog_csv).
%% RFC 4180-ish CSV parsing over binaries: quoted fields, doubled quotes, CRLF.
-export([parse/1]).

parse(Bin) -> rows(Bin, [], [], <<>>).

rows(<<>> Row, Rows, Field) -> lists:reverse(finish(Row, Rows, Field));
rows(<<"\r\n", R/binary>>, Row, Rows, F) -> rows(R, [], [lists:reverse([F | Row]) |Rows], <<>>);
rows(<<"\n", R/binary>>, Row, Rows, F) -> rows(R, [], [lists:reverse([F | Row]) | Rows], <<>>);
rows(<<",", R/binary>>, Row, Rows, F) -> rows(R, [F | Row], Rows, <<>>);
rows(<<"\"", R/binary>>, Row, Rows, <<>>) -> quoted(R, Row, Rows, <<>>);
rows(<<C, R/binary>>, Row, Rows, F) -> rows(R, Row, Rows, <<F/binary, C>>).

quoted(<<"\"\"", R/binary>>, Row, Rows, F) -> quoted(R, Row, Rows, <<F/binary, $">>);
quoted(<<"\"", R/binary>>, Row, Rows, F) -> rows(R, Row, Rows, F);
quoted(<<C, R/binary>>, Row, Rows, F) -> quoted(R, Row, Rows, <<F/binary, C>>);
quoted(<<>>, _, _, _) -> erlang:error(unterminated_quote).

finish([], Rows, <<>>) -> Rows;
finish(Row, Rows, F) -> [lists:reverse([F | Row]) | Rows].
