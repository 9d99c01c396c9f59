-module(lit_triple_quote).
%% OTP 25 has no triple-quoted strings: """ is "" followed by ",
%% so this is three adjacent string literals joined into one.
-export([""/0]).

-moduledoc f"
A module doc that looks like OTP 27's triple-quoted string.
""".

f() -> """
text
""".
