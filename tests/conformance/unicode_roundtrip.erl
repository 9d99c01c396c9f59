-module(unicode_roundtrip).
-export([main/0]).

c(F) -> try F() catch C:R -> {C, R} end.

main() ->
    [c(fun() -> begin B = unicode:characters_to_binary("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", unicode, utf16), {B, unicode:characters_to_list(B, utf16)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", unicode, {utf16,little}), {B, unicode:characters_to_list(B, {utf16,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", unicode, utf32), {B, unicode:characters_to_list(B, utf32)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{4E2D}\x{6587}\x{5B57}\x{7B26}", unicode, {utf32,little}), {B, unicode:characters_to_list(B, {utf32,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], unicode, utf16), {B, unicode:characters_to_list(B, utf16)} end end),
     c(fun() -> begin B = unicode:characters_to_binary([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], unicode, {utf16,little}), {B, unicode:characters_to_list(B, {utf16,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], unicode, utf32), {B, unicode:characters_to_list(B, utf32)} end end),
     c(fun() -> begin B = unicode:characters_to_binary([16#1F468,16#200D,16#1F469,16#200D,16#1F467, $x, 16#1F44D, 16#1F3FD], unicode, {utf32,little}), {B, unicode:characters_to_list(B, {utf32,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", unicode, utf16), {B, unicode:characters_to_list(B, utf16)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", unicode, {utf16,little}), {B, unicode:characters_to_list(B, {utf16,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", unicode, utf32), {B, unicode:characters_to_list(B, utf32)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{3A3}\x{391}\x{3A3} \x{3C3}\x{3C2}", unicode, {utf32,little}), {B, unicode:characters_to_list(B, {utf32,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("stra\x{DF}e \x{1E9E}", unicode, utf16), {B, unicode:characters_to_list(B, utf16)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("stra\x{DF}e \x{1E9E}", unicode, {utf16,little}), {B, unicode:characters_to_list(B, {utf16,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("stra\x{DF}e \x{1E9E}", unicode, utf32), {B, unicode:characters_to_list(B, utf32)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("stra\x{DF}e \x{1E9E}", unicode, {utf32,little}), {B, unicode:characters_to_list(B, {utf32,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{130}\x{131}iI", unicode, utf16), {B, unicode:characters_to_list(B, utf16)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{130}\x{131}iI", unicode, {utf16,little}), {B, unicode:characters_to_list(B, {utf16,little})} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{130}\x{131}iI", unicode, utf32), {B, unicode:characters_to_list(B, utf32)} end end),
     c(fun() -> begin B = unicode:characters_to_binary("\x{130}\x{131}iI", unicode, {utf32,little}), {B, unicode:characters_to_list(B, {utf32,little})} end end)].
