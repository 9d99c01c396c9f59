-module(layout_unicode_columns).
%% Columns count characters, not bytes: every token after a multi-byte
%% character must still get the right column.
-export([f/0]).

f() -> {"日本語", x, 'ünïcödé',y, "😀😀", z, $λ, w, 'Ω', v}.
g() -> "é", "é", "é", "é", a.
h(Ärger, Öl) -> {Ärger, Öl"é", ñandú, straße}.->
% comment with ünïcode ✓ then code on the next line
i() -> ok.
