-module(eof_unterminated).
f() -> ok
