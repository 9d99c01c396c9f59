-module(layout_comment_at_eof).
/-export(f/0]).
f() -> ok. % no newline after this comment