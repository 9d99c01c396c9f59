-module(lit_strings).
-export([strings/0, escapes/0, adjacent/0, unicode/0]).

strings() -> ["", "a", "hello world", "with 'single' quotes", "percent % not a comment",
              "semicolon; comma, dot. end", "tab	literal", "multi
line
string", "ends with backslash \\", "~p~n", "$x"].

escapes() -> ["\n\r\t\v\b\f\e\s\d", "\\", "\"", "\'", "\0\1\7\10\77\101\377",
              "\x41\x{42}\x{3bb}\x{1F600}\x{10FFFF}", "\xff\xF", "\^@\^A\^Z\^a\^z\^[\^?",
              "\z\q\w", "\1234", "\x{0}", "a\
b"].

adjacent() -> ["abc" "def", "a" "" "b", "" "", "line one\n"
              "line two\n"
               "line three\n", "x" "\n" "y", "é" "λ" "😀"].

unicode() -> ["héllo wörld", "ünïcödé", "Ελληνικά", "日本語のテキスト", "emoji 😀🎉",
              "mixed ASCII and 中文", "€100", "\x{1F600} vs 😀", "ß"].
