-module(pp_unterminated).
-ifdef(X).
f() -> ok.
