"" "abc" "with space" "quote\"inside" "back\\slash" "tab	raw"
"ünïcödé" "日本語" "😀 emoji" "multi
line
string" "a" "b" "c"
"\n\r\t\v\b\f\e\s\d\'\"\\\z\q"
"\0\7\10\101\1011\400\777\8\18" "\x41\x7f\xff\xFF" "\x{41}\x{1F600}\x{10FFFF}\x{0}"
"\^a\^A\^z\^@\^[\^\\^]\^^\^_\^?"
"cont\
inued"
