#!/usr/bin/env python3
"""Writes tests/conformance/binary_*.erl and base64_*.erl (all but the
hand-written binary_misc_a, binary_misc_b and base64_matrix): the binary and
base64 modules' conformance programs. Each main/0 returns the list of its
cases' outcomes (the value, or {Class, Reason}); the expected output comes
from erl, as for every conformance program (scripts/regen-oracle.sh runs
this and then tests/oracle/conformance.escript on the files).
Usage: python3 tests/oracle/gen_binary_conformance.py tests/conformance"""
import os
import sys

# name -> (list of Erlang expressions, each evaluated in its own fun; helpers)
progs = {}


def P(name, exprs, helpers=""):
    assert name not in progs, name
    progs[name] = (exprs, helpers)

P("binary_match_basic", [
 'binary:match(<<"hello world">>, <<"o">>)', 'binary:match(<<"hello world">>, <<"world">>)',
 'binary:match(<<"hello world">>, <<"hello world">>)', 'binary:match(<<"hello world">>, <<"hello world!">>)',
 'binary:match(<<"hello">>, <<"h">>)', 'binary:match(<<"hello">>, <<"lo">>)', 'binary:match(<<"hello">>, <<"z">>)',
 'binary:match(<<>>, <<"a">>)', 'binary:match(<<"aaab">>, <<"aab">>)', 'binary:match(<<"abababc">>, <<"ababc">>)',
 'binary:match(<<0,1,2,0,1,3>>, <<0,1,3>>)', 'binary:match(<<255,254,255>>, <<255>>)',
 'binary:match(list_to_binary(lists:duplicate(100, $a) ++ "b"), <<"ab">>)',
 'binary:match(list_to_binary(lists:duplicate(100, $a)), list_to_binary(lists:duplicate(60, $a)))',
])
P("binary_match_multi", [
 'binary:match(<<"abcd">>, [<<"ab">>, <<"abc">>])', 'binary:match(<<"abcd">>, [<<"cd">>, <<"bcd">>])',
 'binary:match(<<"abcd">>, [<<"d">>, <<"c">>])', 'binary:match(<<"abcd">>, [<<"x">>, <<"y">>])',
 'binary:match(<<"abcd">>, [<<"a">>, <<"a">>])', 'binary:match(<<"abcd">>, [<<"abcd">>, <<"b">>])',
 'binary:match(<<"xxabcabd">>, [<<"abd">>, <<"abc">>])', 'binary:match(<<"hello">>, [<<"lo">>, <<"l">>, <<"llo">>])',
 'binary:match(<<"hello">>, [<<"hello!">>, <<"ello">>])', 'binary:match(<<>>, [<<"a">>, <<"b">>])',
 'binary:match(<<1,2,3,4,5>>, [<<3,4>>, <<2>>, <<5>>])',
])
P("binary_match_scope", [
 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {1, 5}}])', 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {0, 2}}])',
 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {6, -3}}])', 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {5, -5}}])',
 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {6, 0}}])', 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {0, 6}}])',
 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {0, 7}}])', 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {7, 0}}])',
 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {-1, 2}}])', 'binary:match(<<"abcabc">>, <<"abc">>, [{scope, {2, -3}}])',
 'binary:match(<<"abcabc">>, <<"c">>, [{scope, {0, 1}}, {scope, {0, 6}}])', 'binary:match(<<"abcabc">>, <<"c">>, [{scope, {0, 6}}, {scope, {0, 1}}])',
 'binary:match(<<"abc">>, <<"c">>, [{scope, {3, -1}}])', 'binary:match(<<"abc">>, <<"c">>, [{scope, {3, -4}}])',
 'binary:match(<<"abc">>, <<"c">>, [{scope, {0, 1.0}}])', 'binary:match(<<"abc">>, <<"c">>, [{scope, {a, 1}}])',
 'binary:match(<<"abc">>, <<"c">>, [{scope, 0}])', 'binary:match(<<"abc">>, <<"c">>, [{scope, {1 bsl 70, 1}}])',
 'binary:match(<<"abc">>, <<"c">>, [{scope, {0, 3}} | x])', 'binary:match(<<"abc">>, <<"c">>, [{scope, {0, 1}} | x])',
 'binary:match(<<"abc">>, [<<"b">>, <<"c">>], [{scope, {2, 1}}])',
])
P("binary_match_errors", [
 'binary:match(abc, <<"a">>)', 'binary:match("abc", <<"a">>)', 'binary:match(<<1:4>>, <<"a">>)',
 'binary:match(<<"a">>, <<1:4>>)', 'binary:match(<<"a">>, <<>>)', 'binary:match(<<"a">>, [])',
 'binary:match(<<"a">>, [<<"a">>, <<>>])', 'binary:match(<<"a">>, [<<"a">> | <<"b">>])', 'binary:match(<<"a">>, "a")',
 'binary:match(<<"a">>, [a])', 'binary:match(<<"a">>, <<"a">>, x)', 'binary:match(<<"a">>, <<"a">>, [global])',
 'binary:match(<<"a">>, <<"a">>, [x | y])', 'binary:match(<<"a">>, <<"a">>, [{scope, {0, 1}}, x])',
 'binary:match(<<"a">>, <<"a">>, [trim])', 'binary:match(<<"a">>, {bm, <<"a">>, x})', 'binary:match(<<"a">>, 42)',
])
P("binary_matches_basic", [
 'binary:matches(<<"abcabcabc">>, <<"abc">>)', 'binary:matches(<<"abcabcabc">>, <<"b">>)', 'binary:matches(<<"abcabcabc">>, <<"x">>)',
 'binary:matches(<<>>, <<"x">>)', 'binary:matches(<<"aaaa">>, <<"aa">>)', 'binary:matches(<<"aaaaa">>, <<"aa">>)',
 'binary:matches(<<"a,b,,c">>, <<",">>)', 'binary:matches(<<1,0,1,0,1>>, <<1,0,1>>)',
 'length(binary:matches(list_to_binary(lists:duplicate(1000, $x)), <<"x">>))',
 'binary:matches(<<"hello">>, <<"hello">>)', 'binary:matches(<<"hell">>, <<"hello">>)',
])
P("binary_matches_multi", [
 'binary:matches(<<"abcde">>, [<<"bcd">>, <<"a">>, <<"abcd">>])', 'binary:matches(<<"abcde">>, [<<"bcd">>, <<"ab">>])',
 'binary:matches(<<"aaaa">>, [<<"a">>, <<"aa">>])', 'binary:matches(<<"abcd">>, [<<"bc">>, <<"abc">>, <<"d">>])',
 'binary:matches(<<"abab">>, [<<"a">>, <<"b">>])', 'binary:matches(<<"abab">>, [<<"ab">>, <<"ab">>])',
 'binary:matches(<<"the cat sat on the mat">>, [<<"at">>, <<"the">>, <<"on">>])',
 'binary:matches(<<"xyz">>, [<<"a">>, <<"b">>, <<"c">>])', 'binary:matches(<<1,2,3,1,2,3>>, [<<2,3>>, <<1>>])',
 'binary:matches(<<"abcabc">>, [<<"abc">>, <<"bca">>, <<"cab">>])',
])
P("binary_matches_scope", [
 'binary:matches(<<"abcabcabc">>, <<"abc">>, [{scope, {1, 8}}])', 'binary:matches(<<"abcabcabc">>, <<"abc">>, [{scope, {9, -9}}])',
 'binary:matches(<<"abcabcabc">>, <<"abc">>, [{scope, {3, 3}}])', 'binary:matches(<<"abcabcabc">>, <<"abc">>, [{scope, {3, 2}}])',
 'binary:matches(<<"abcabcabc">>, <<"abc">>, [{scope, {0, 10}}])', 'binary:matches(<<"abcabcabc">>, <<"abc">>, [global])',
 'binary:matches(<<"abc">>, <<"c">>, [{scope, {0, 3}}, global])', 'binary:matches(<<"abc">>, <<"c">>, [{scope, {0, 1}} | x])',
 'binary:matches(<<"abc">>, <<"c">>, x)', 'binary:matches(<<"abc">>, <<"c">>, [trim])',
 'binary:matches(<<"aXbXc">>, [<<"X">>, <<"b">>], [{scope, {2, 3}}])',
 'binary:matches(abc, <<"c">>)', 'binary:matches(<<"abc">>, <<>>)', 'binary:matches(<<"abc">>, [])',
])
P("binary_split_basic", [
 'binary:split(<<"a,b,c">>, <<",">>)', 'binary:split(<<"abc">>, <<",">>)', 'binary:split(<<>>, <<",">>)',
 'binary:split(<<",">>, <<",">>)', 'binary:split(<<",abc">>, <<",">>)', 'binary:split(<<"abc,">>, <<",">>)',
 'binary:split(<<"a::b::c">>, <<"::">>)', 'binary:split(<<"abc">>, <<"abc">>)', 'binary:split(<<"key=value=x">>, <<"=">>)',
 'binary:split(<<1,2,0,3,4>>, <<0>>)', 'binary:split(<<"a b">>, <<" ">>, [])',
])
P("binary_split_global", [
 'binary:split(<<"a,b,c">>, <<",">>, [global])', 'binary:split(<<"a,,b,,c">>, <<",">>, [global])', 'binary:split(<<",a,">>, <<",">>, [global])',
 'binary:split(<<",,,">>, <<",">>, [global])', 'binary:split(<<>>, <<",">>, [global])', 'binary:split(<<"abab">>, <<"abab">>, [global])',
 'binary:split(<<"abab">>, <<"ababa">>, [global])', 'binary:split(<<"a b  c">>, <<" ">>, [global])',
 'binary:split(<<"1\\r\\n2\\r\\n3">>, <<"\\r\\n">>, [global])', 'binary:split(<<"a b">>, <<" ">>, [global, global])',
 'binary:split(<<"a,b,c">>, <<",">>, [global | x])', 'length(binary:split(list_to_binary(lists:duplicate(500, "ab,")), <<",">>, [global]))',
])
P("binary_split_trim", [
 'binary:split(<<"a,b,,c,">>, <<",">>, [global, trim])', 'binary:split(<<"a,b,,c,,,">>, <<",">>, [global, trim])',
 'binary:split(<<",,a">>, <<",">>, [global, trim])', 'binary:split(<<",,,">>, <<",">>, [global, trim])',
 'binary:split(<<>>, <<",">>, [trim])', 'binary:split(<<",">>, <<",">>, [trim])', 'binary:split(<<",a,">>, <<",">>, [trim])',
 'binary:split(<<"a,">>, <<",">>, [trim])', 'binary:split(<<"a">>, <<",">>, [trim])', 'binary:split(<<>>, <<",">>, [global, trim])',
])
P("binary_split_trim_all", [
 'binary:split(<<",,a,b,,c,,">>, <<",">>, [global, trim_all])', 'binary:split(<<",a,">>, <<",">>, [trim_all])',
 'binary:split(<<",">>, <<",">>, [trim_all])', 'binary:split(<<>>, <<",">>, [trim_all, global])', 'binary:split(<<",,,">>, <<",">>, [trim_all, global])',
 'binary:split(<<"a,b,c">>, <<",">>, [trim_all, trim])', 'binary:split(<<"a,,b">>, <<",">>, [trim, trim_all, global])',
 'binary:split(<<"  a  b ">>, <<" ">>, [global, trim_all])', 'binary:split(<<"abc">>, <<"abc">>, [trim_all])',
])
P("binary_split_scope", [
 'binary:split(<<"abc">>, <<"b">>, [{scope, {1, 1}}])', 'binary:split(<<"abc">>, <<"b">>, [{scope, {3, -2}}])',
 'binary:split(<<"abc">>, <<"b">>, [{scope, {0, 4}}])', 'binary:split(<<"a,b">>, <<",">>, [{scope, {2, 1}}])',
 'binary:split(<<"a,b,c">>, <<",">>, [{scope, {2, -2}}, global])', 'binary:split(<<"a,b,c,d">>, <<",">>, [{scope, {2, 3}}, global])',
 'binary:split(<<"abc">>, <<"c">>, [trim, {scope, {0, 3}}, global])', 'binary:split(<<"a,b,c">>, <<",">>, [{scope, {0, 1}} | x])',
 'binary:split(<<"a,b,c">>, <<",">>, [{scope, {5, 0}}, global, trim])',
])
P("binary_split_multi", [
 'binary:split(<<"abcd">>, [<<"b">>, <<"c">>], [global])', 'binary:split(<<"a;b,c d">>, [<<";">>, <<",">>, <<" ">>], [global])',
 'binary:split(<<"a\\r\\nb\\nc\\r">>, [<<"\\r\\n">>, <<"\\n">>, <<"\\r">>], [global])', 'binary:split(<<"xAAyAz">>, [<<"A">>, <<"AA">>], [global])',
 'binary:split(<<"abc">>, [<<"x">>, <<"y">>], [global])', 'binary:split(<<"a--b-c">>, [<<"-">>, <<"--">>])',
])
P("binary_split_errors", [
 'binary:split(abc, <<",">>)', 'binary:split(<<"a">>, <<>>)', 'binary:split(<<"a">>, [])', 'binary:split(<<"a">>, <<",">>, [foo])',
 'binary:split(<<"a">>, <<",">>, x)', 'binary:split(<<"a">>, <<",">>, [{insert_replaced, 1}])', 'binary:split(<<1:7>>, <<",">>)',
 'binary:split(<<"a">>, <<",">>, [{scope, {0, 2}}])', 'binary:split(<<"a">>, ",")', 'binary:split(<<"a">>, <<",">>, [{scope, {1, -2}}])',
])
P("binary_replace_basic", [
 'binary:replace(<<"abcb">>, <<"b">>, <<"x">>)', 'binary:replace(<<"abcb">>, <<"b">>, <<"xyz">>, [])', 'binary:replace(<<"abcb">>, <<"q">>, <<"x">>)',
 'binary:replace(<<"abcb">>, <<"b">>, <<>>)', 'binary:replace(<<>>, <<"b">>, <<"x">>)', 'binary:replace(<<"bbb">>, <<"b">>, <<"bb">>)',
 'binary:replace(<<"hello world">>, <<"world">>, <<"there">>)', 'binary:replace(<<"abc">>, [<<"a">>, <<"c">>], <<"-">>)',
])
P("binary_replace_global", [
 'binary:replace(<<"abcb">>, <<"b">>, <<"x">>, [global])', 'binary:replace(<<"aaaa">>, <<"aa">>, <<"b">>, [global])',
 'binary:replace(<<"a,b,c">>, <<",">>, <<", ">>, [global])', 'binary:replace(<<"abc">>, [<<"a">>, <<"c">>], <<"-">>, [global])',
 'binary:replace(<<"abcb">>, <<"b">>, <<"xy">>, [{scope, {2, 2}}, global])', 'binary:replace(<<"abcb">>, <<"b">>, <<"xy">>, [{scope, {0, 2}}, global])',
 'binary:replace(<<"abcb">>, <<"q">>, <<"x">>, [global])', 'binary:replace(<<"   ">>, <<" ">>, <<>>, [global])',
 'byte_size(binary:replace(list_to_binary(lists:duplicate(500, "a,")), <<",">>, <<";;">>, [global]))',
])
P("binary_replace_insert", [
 'binary:replace(<<"abcb">>, <<"b">>, <<"[]">>, [global, {insert_replaced, 1}])', 'binary:replace(<<"abcb">>, <<"b">>, <<"[]">>, [global, {insert_replaced, [0,1,2]}])',
 'binary:replace(<<"abcb">>, <<"b">>, <<"[]">>, [global, {insert_replaced, 3}])', 'binary:replace(<<"abcb">>, <<"b">>, <<"xy">>, [global, {insert_replaced, [2,0]}])',
 'binary:replace(<<"abcb">>, <<"b">>, <<"xy">>, [global, {insert_replaced, [1,1]}])', 'binary:replace(<<"abcb">>, <<"b">>, <<"xy">>, [global, {insert_replaced, []}])',
 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [{insert_replaced, 1}, {insert_replaced, 2}])', 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [{insert_replaced, 2}, {insert_replaced, 1}])',
 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [{insert_replaced, -1}])', 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [{insert_replaced, [1 | x]}])',
 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [{insert_replaced, a}])', 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [{insert_replaced, [1,2]}])',
 'binary:replace(<<"a,b,c">>, <<"x">>, <<";">>, [{insert_replaced, 5}])', 'binary:replace(<<"a,b,c">>, <<",">>, <<>>, [global, {insert_replaced, 0}])',
 'binary:replace(<<"ab">>, [<<"a">>, <<"b">>], <<"<>">>, [global, {insert_replaced, 1}])',
])
P("binary_replace_errors", [
 'binary:replace(<<"abcb">>, <<"b">>, <<"[]">>, [trim])', 'binary:replace(<<"abcb">>, <<"b">>, "xy", [])', 'binary:replace(<<"abcb">>, <<"b">>, fun(X) -> X end, [])',
 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, [global | x])', 'binary:replace(<<"a,b,c">>, <<",">>, <<";">>, x)', 'binary:replace(<<"a,b,c">>, <<"x">>, x, [global])',
 'binary:replace(x, <<"x">>, <<";">>, [global])', 'binary:replace(<<"a">>, <<>>, <<";">>)', 'binary:replace(<<"a">>, <<"a">>, <<1:3>>)',
 'binary:replace(<<"a">>, <<"a">>, <<"b">>, [{scope, {0, 2}}])', 'binary:replace(<<"a">>, <<"a">>, <<"b">>, [trim_all])',
])
P("binary_compile_pattern", [
 'binary:match(<<"hello">>, binary:compile_pattern(<<"ll">>))', 'binary:match(<<"hello">>, binary:compile_pattern([<<"l">>, <<"ll">>]))',
 'binary:matches(<<"hello">>, binary:compile_pattern([<<"l">>, <<"o">>]))', 'binary:split(<<"a,b;c">>, binary:compile_pattern([<<",">>, <<";">>]), [global])',
 'binary:replace(<<"a,b;c">>, binary:compile_pattern([<<",">>, <<";">>]), <<"|">>, [global])', 'binary:match(<<"hello">>, binary:compile_pattern([<<"x">>]))',
 'binary:compile_pattern(<<>>)', 'binary:compile_pattern([])', 'binary:compile_pattern([<<"a">>, <<>>])', 'binary:compile_pattern(x)',
 'binary:compile_pattern(<<1:3>>)', 'binary:compile_pattern([<<"a">> | x])', 'binary:compile_pattern(binary:compile_pattern(<<"a">>))',
 'is_tuple(binary:compile_pattern(<<"a">>))', 'binary:compile_pattern("abc")',
 'begin CP = binary:compile_pattern([<<"a">>, <<"a">>]), binary:matches(<<"aba">>, CP) end',
])
P("binary_part", [
 'binary:part(<<"abcdef">>, 1, 3)', 'binary:part(<<"abcdef">>, {1, 3})', 'binary:part(<<"abcdef">>, 3, -3)', 'binary:part(<<"abcdef">>, {6, -6})',
 'binary:part(<<"abcdef">>, 6, 0)', 'binary:part(<<"abcdef">>, 0, 6)', 'binary:part(<<"abcdef">>, 0, 7)', 'binary:part(<<"abcdef">>, 7, 0)',
 'binary:part(<<"abcdef">>, -1, 1)', 'binary:part(<<"abcdef">>, 2, -3)', 'binary:part(<<"abcdef">>, x)', 'binary:part(<<"abcdef">>, {1, 2, 3})',
 'binary:part(abc, 0, 1)', 'binary:part(<<1:9>>, 0, 1)', 'binary:part(<<"abc">>, 1.0, 1)',
])
P("binary_at_first_last", [
 'binary:at(<<1,2,3>>, 0)', 'binary:at(<<1,2,3>>, 2)', 'binary:at(<<1,2,3>>, 3)', 'binary:at(<<1,2,3>>, -1)', 'binary:at(<<>>, 0)',
 'binary:at(<<1:9>>, 0)', 'binary:at(abc, 0)', 'binary:at(<<1,2>>, a)', 'binary:first(<<"abc">>)', 'binary:first(<<>>)', 'binary:first(<<1:9>>)',
 'binary:first(x)', 'binary:last(<<"abc">>)', 'binary:last(<<>>)', 'binary:last(<<1:9>>)', 'binary:last([1])',
 'begin <<_, B:3/binary, _/binary>> = <<"0123456">>, {binary:first(B), binary:last(B), binary:at(B, 1)} end',
])
P("binary_copy", [
 'binary:copy(<<"ab">>, 0)', 'binary:copy(<<"ab">>, 1)', 'binary:copy(<<"ab">>, 3)', 'binary:copy(<<>>, 1000)', 'binary:copy(<<"ab">>)',
 'binary:copy(<<1,2>>, 1.0)', 'binary:copy(<<1,2>>, -1)', 'binary:copy(x, 3)', 'binary:copy(<<1:3>>, 2)', 'binary:copy(<<1:3>>)',
 'byte_size(binary:copy(<<"xyz">>, 12345))', 'binary:copy(<<"abc">>, 7)', 'byte_size(binary:copy(<<>>, 1 bsl 40))',
 'begin B = binary:copy(<<"q">>, 1000), {binary:referenced_byte_size(binary:copy(binary:part(B, 10, 100))), byte_size(B)} end',
])
P("binary_bin_to_list", [
 'binary:bin_to_list(<<"abc">>)', 'binary:bin_to_list(<<>>)', 'binary:bin_to_list(<<1,2,3>>, {3, -2})', 'binary:bin_to_list(<<1,2,3>>, {0, 0})',
 'binary:bin_to_list(<<1,2,3>>, 1, 5)', 'binary:bin_to_list(<<1,2,3>>, 1, 2)', 'binary:bin_to_list(<<1,2,3>>, x)', 'binary:bin_to_list(x)',
 'binary:bin_to_list(<<1:9>>)', 'binary:bin_to_list(<<1,2,3>>, 3, -3)', 'binary:bin_to_list(<<1,2,3>>, {1, 2, 3})',
 'length(binary:bin_to_list(binary:copy(<<"0123456789">>, 20000)))', 'lists:sum(binary:bin_to_list(binary:copy(<<1,2,3>>, 30000)))',
])
P("binary_list_to_bin", [
 'binary:list_to_bin([1, <<2>>, [3]])', 'binary:list_to_bin("abc")', 'binary:list_to_bin([])', 'binary:list_to_bin(<<1>>)',
 'binary:list_to_bin([256])', 'binary:list_to_bin([-1])', 'binary:list_to_bin([<<1:3>>])', 'binary:list_to_bin([a])',
 'binary:list_to_bin([[[[1]]], <<>>, [<<2,3>> | <<4>>]])', 'binary:list_to_bin(x)', 'binary:list_to_bin([1 | 2])',
])
P("binary_decode_unsigned", [
 'binary:decode_unsigned(<<>>)', 'binary:decode_unsigned(<<1>>)', 'binary:decode_unsigned(<<1, 0>>)', 'binary:decode_unsigned(<<1, 0>>, little)',
 'binary:decode_unsigned(<<1, 0>>, big)', 'binary:decode_unsigned(<<1, 0>>, native)', 'binary:decode_unsigned(<<0, 0, 1>>, little)',
 'binary:decode_unsigned(<<255,255,255,255,255,255,255,255,255>>)', 'binary:decode_unsigned(<<255,255,255,255,255,255,255,255,255>>, little)',
 'binary:decode_unsigned(<<1:3>>)', 'binary:decode_unsigned(x)', 'binary:decode_unsigned(<<1>>, x)', 'binary:decode_unsigned(<<>>, little)',
 'binary:decode_unsigned(<<0,0,0,0,0,0,0,0,0,0,0,1>>)', 'binary:decode_unsigned(binary:copy(<<16#5a>>, 100))',
])
P("binary_encode_unsigned", [
 'binary:encode_unsigned(0)', 'binary:encode_unsigned(1)', 'binary:encode_unsigned(255)', 'binary:encode_unsigned(256)', 'binary:encode_unsigned(256, little)',
 'binary:encode_unsigned(0, little)', 'binary:encode_unsigned(1 bsl 64)', 'binary:encode_unsigned(1 bsl 64, little)', 'binary:encode_unsigned((1 bsl 64) - 1)',
 'binary:encode_unsigned(-1)', 'binary:encode_unsigned(1.0)', 'binary:encode_unsigned(x)', 'binary:encode_unsigned(1, native)', 'binary:encode_unsigned(1, x)',
 'binary:encode_unsigned(16#123456789abcdef0123456789)', 'binary:encode_unsigned(16#123456789abcdef0123456789, little)', 'byte_size(binary:encode_unsigned(1 bsl 4000))',
])
P("binary_unsigned_roundtrip", [
 '[binary:decode_unsigned(binary:encode_unsigned(N)) =:= N || N <- [0, 1, 127, 128, 255, 256, 65535, 65536, 1 bsl 31, 1 bsl 32, 1 bsl 63, 1 bsl 64, 1 bsl 100, 3 bsl 200 + 7]]',
 '[binary:decode_unsigned(binary:encode_unsigned(N, little), little) =:= N || N <- [0, 1, 255, 256, 1 bsl 40, 1 bsl 99]]',
 '[binary:encode_unsigned(N) || N <- [16#ff00, 16#10000, 16#abcdef]]', '[binary:encode_unsigned(N, little) || N <- [16#ff00, 16#10000, 16#abcdef]]',
 'binary:decode_unsigned(binary:encode_unsigned(7 bsl 1000 + 5))',
])
P("binary_lcp", [
 'binary:longest_common_prefix([<<"abc">>, <<"abd">>])', 'binary:longest_common_prefix([<<"abc">>])', 'binary:longest_common_prefix([])',
 'binary:longest_common_prefix([<<"abc">>, x])', 'binary:longest_common_prefix([<<"abc">>, <<1:3>>])', 'binary:longest_common_prefix([<<>>, <<"a">>])',
 'binary:longest_common_prefix([<<"ab">> | x])', 'binary:longest_common_prefix(<<"abc">>)', 'binary:longest_common_prefix([<<"abcdef">>, <<"abcxyz">>, <<"ab">>])',
 'binary:longest_common_prefix([<<"same">>, <<"same">>])', 'binary:longest_common_prefix([<<"x">>, <<"y">>])',
 'begin B = binary:copy(<<"0123456789">>, 20000), binary:longest_common_prefix([B, <<B/binary, "x">>, <<(binary:part(B, 0, 150001))/binary, "y">>]) end',
])
P("binary_lcs", [
 'binary:longest_common_suffix([<<"abc">>, <<"bc">>])', 'binary:longest_common_suffix([<<"abc">>])', 'binary:longest_common_suffix(<<"abc">>)',
 'binary:longest_common_suffix([])', 'binary:longest_common_suffix([<<"abc">>, <<"xbc">>, <<"c">>])', 'binary:longest_common_suffix([<<"abc">>, <<"abd">>])',
 'binary:longest_common_suffix([<<"abc">>, <<>>])', 'binary:longest_common_suffix([<<"abc">>, 1])', 'binary:longest_common_suffix([<<"abc">> | <<"c">>])',
 'begin B = binary:copy(<<"0123456789">>, 20000), binary:longest_common_suffix([B, <<"x", B/binary>>, <<"y", (binary:part(B, 100, 199900))/binary>>]) end',
])
P("binary_hex_encode", [
 'binary:encode_hex(<<>>)', 'binary:encode_hex(<<1, 255>>)', 'binary:encode_hex(<<"hello">>)', 'binary:encode_hex(<<0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16>>)',
 'binary:encode_hex("ab")', 'binary:encode_hex(<<1:4>>)', 'binary:encode_hex(x)', 'binary:encode_hex(binary:copy(<<171>>, 100))',
 'byte_size(binary:encode_hex(binary:copy(<<1,2,3>>, 70000)))', 'binary:encode_hex(list_to_binary(lists:seq(240, 255)))',
])
P("binary_hex_decode", [
 'binary:decode_hex(<<>>)', 'binary:decode_hex(<<"01fF">>)', 'binary:decode_hex(<<"01f">>)', 'binary:decode_hex(<<"0g">>)', 'binary:decode_hex("ab")',
 'binary:decode_hex(<<"abcdef0123456789ABCDEF">>)', 'binary:decode_hex(<<1:4>>)', 'binary:decode_hex(<<" 1">>)', 'binary:decode_hex(<<"1 ">>)',
 'binary:decode_hex(x)', 'binary:decode_hex(binary:encode_hex(<<"roundtrip">>))', 'binary:decode_hex(<<"GG">>)', 'binary:decode_hex(<<"0x12">>)',
 'begin B = binary:copy(<<"0123456789">>, 30000), binary:decode_hex(binary:encode_hex(B)) =:= B end',
 'binary:decode_hex(<<(binary:copy(<<"00">>, 200000))/binary, "zz">>)',
])
P("binary_referenced_byte_size", [
 'binary:referenced_byte_size(<<1,2,3>>)', 'binary:referenced_byte_size(x)',
 'begin B = binary:copy(<<"x">>, 1000), binary:referenced_byte_size(binary:part(B, 1, 10)) end',
 'begin B = binary:copy(<<"x">>, 1000), [P | _] = binary:split(B, <<"y">>), binary:referenced_byte_size(P) end',
 'begin B = binary:copy(<<"a,">>, 500), [P | _] = binary:split(B, <<",">>), {P, binary:referenced_byte_size(P)} end',
 'begin B = binary:copy(<<"a,">>, 500), binary:referenced_byte_size(binary:copy(binary:part(B, 0, 200))) end',
 'begin B = binary:copy(<<"x">>, 1000), binary:referenced_byte_size(B) end',
])
P("binary_chunks", [
 'begin B = <<(binary:copy(<<"a">>, 1100000))/binary, "b">>, {binary:match(B, <<"b">>), binary:match(B, [<<"b">>, <<"c">>]), binary:matches(B, <<"ab">>)} end',
 'begin B = <<(binary:copy(<<"a">>, 100000))/binary, "b">>, {binary:match(B, <<"ab">>), binary:matches(B, [<<"ab">>, <<"ac">>]), binary:match(B, <<"aab">>)} end',
 'begin B = binary:copy(<<"ab,">>, 40000), length(binary:split(B, <<",">>, [global])) end',
 'begin B = binary:copy(<<"ab,">>, 40000), length(binary:split(B, <<",">>, [global, trim_all])) end',
 'begin B = binary:copy(<<"ab,">>, 40000), length(binary:matches(B, [<<",">>, <<"b">>])) end',
 'begin B = binary:copy(<<"ab,">>, 40000), lists:last(binary:matches(B, <<",">>)) end',
 'begin B = binary:copy(<<"ab,">>, 2000), byte_size(binary:replace(B, <<",">>, <<>>, [global])) end',
])
P("binary_find_resume", [
 'begin A = binary:copy(<<"a">>, 600000), S = <<A/binary, "aaz">>, binary:match(S, [<<A/binary, "x">>, <<A/binary, "y">>, <<A/binary, "aaz">>]) end',
 'begin A = binary:copy(<<"a">>, 600000), S = <<A/binary, "xbbbz">>, binary:matches(S, [<<A/binary, "v">>, <<A/binary, "w">>, <<A/binary, "x">>, <<"z">>]) end',
 'begin A = binary:copy(<<"a">>, 600000), S = <<A/binary, "xbbbz">>, binary:split(S, [<<A/binary, "v">>, <<A/binary, "w">>, <<A/binary, "x">>, <<"z">>], [global]) end',
 'begin A = binary:copy(<<"a">>, 700000), binary:match(<<A/binary, "b">>, <<(binary:part(A, 0, 600000))/binary, "b">>) end',
 'begin A = binary:copy(<<"a">>, 700000), binary:matches(<<A/binary, "b", A/binary>>, <<(binary:part(A, 0, 300))/binary, "b">>) end',
 'begin A = binary:copy(<<"ab">>, 400000), length(binary:split(A, binary:part(A, 0, 1000), [global])) end',
])
P("binary_unaligned", [
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, binary:split(B, <<",">>, [global]) end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, binary:match(B, <<"de">>) end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, binary:matches(B, [<<",">>, <<"h">>]) end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, binary:encode_hex(B) end',
 'begin <<_:3, B:4/binary, _:5>> = <<0:3, "0aFf", 0:5>>, binary:decode_hex(B) end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, base64:encode(B) end',
 'begin <<_:3, B:8/binary, _:5>> = <<0:3, "YWJjZA==", 0:5>>, {base64:decode(B), base64:mime_decode(B)} end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, {binary:first(B), binary:last(B), binary:at(B, 3), binary:bin_to_list(B)} end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, binary:replace(B, <<",">>, <<";">>, [global]) end',
 'begin <<_:3, B:10/binary, _:5>> = <<0:3, "abc,de,fgh", 0:5>>, binary:longest_common_prefix([B, <<"abc,dx">>]) end',
])
P("binary_many_patterns", [
 'begin Ps = [list_to_binary([$a + I rem 26, $a + I div 26]) || I <- lists:seq(0, 99)], binary:matches(<<"the quick brown fox jumps over the lazy dog">>, Ps) end',
 'begin Ps = [<<I>> || I <- lists:seq(0, 255)], length(binary:matches(list_to_binary(lists:seq(0, 255)), Ps)) end',
 'begin Ps = [binary:copy(<<"a">>, I) || I <- lists:seq(1, 20)], binary:matches(binary:copy(<<"a">>, 50), Ps) end',
 'begin Ps = [binary:copy(<<"a">>, I) || I <- lists:seq(1, 20)], binary:split(binary:copy(<<"ab">>, 5), Ps, [global]) end',
 'binary:split(<<"one two,three;four">>, [<<" ">>, <<",">>, <<";">>, <<"four">>], [global, trim_all])',
])
P("binary_options_misc", [
 'binary:split(<<"a,b,c">>, <<",">>, [trim_all, trim])', 'binary:split(<<"a,b">>, <<",">>, [{scope, {0, 3}}, {scope, {0, 1}}])',
 'binary:matches(<<"a,b">>, <<",">>, [{scope, {0, 1}}, {scope, {0, 3}}])', 'binary:split(<<"a,b">>, <<",">>, [global, {scope, {0, 1}}])',
 'binary:replace(<<"a,b">>, <<",">>, <<";">>, [{scope, {0, 1}}])', 'binary:replace(<<"a,b">>, <<",">>, <<";">>, [{scope, {0, 1}}, {scope, {0, 3}}])',
 'binary:split(<<"a,b">>, <<",">>, [{scope, {0, 3}} | {scope, {0, 1}}])', 'binary:matches(<<"a,b">>, <<",">>, [{scope, {0, 3}}, {scope, {0, -1}}])',
 'binary:split(<<"a,b">>, <<",">>, [{global}])', 'binary:split(<<"a,b">>, <<",">>, ["global"])',
])
P("base64_encode", [
 'base64:encode(<<>>)', 'base64:encode(<<"A">>)', 'base64:encode(<<"AB">>)', 'base64:encode(<<"ABC">>)', 'base64:encode("ABCD")', 'base64:encode("")',
 'base64:encode(<<"The quick brown fox jumps over the lazy dog">>)', 'base64:encode(<<0,0,0>>)', 'base64:encode(<<255,255,255>>)', 'base64:encode(<<251,255>>)',
 '[base64:encode(binary:copy(<<"x">>, N)) || N <- lists:seq(0, 10)]', 'base64:encode(list_to_binary(lists:seq(0, 255)))', 'base64:encode(lists:seq(0, 255))',
])
P("base64_encode_errors", [
 'base64:encode([1,2,<<3>>])', 'base64:encode([256])', 'base64:encode(<<1:3>>)', 'base64:encode(abc)', 'base64:encode([-1])', 'base64:encode([$a | $b])',
 'base64:encode([a])', 'base64:encode([1, a])', 'base64:encode([1, 2, a])', 'base64:encode([1.0])', 'base64:encode([1, 2, 3 | x])', 'base64:encode([1 | x])',
 'base64:encode([1, 2 | x])', 'base64:encode([300, 1, 1])', 'base64:encode([1, 1, 300])', 'base64:encode([-5, 0, 0])', 'base64:encode([300, 1, 1 | x])',
 'base64:encode([300, 1, 1, a])', 'base64:encode([1, 300])', 'base64:encode([1, 2, 3, 300])', 'base64:encode([256, a])', 'base64:encode(<<"ab", 1:1>>)',
 'base64:encode_to_string([300, 1, 1 | x])', 'base64:encode_to_string([1, 2, 3 | x])', 'base64:encode_to_string([a])', 'base64:encode_to_string(x)',
 'base64:encode_to_string([1, 300])', 'base64:encode_to_string([256])', 'base64:encode_to_string([1, 1, 300, 2])',
])
P("base64_decode", [
 'base64:decode(<<>>)', 'base64:decode(<<"QQ==">>)', 'base64:decode(<<"QUI=">>)', 'base64:decode(<<"QUJD">>)', 'base64:decode(<<"QUJDRA==">>)', 'base64:decode("QUJDRA==")',
 'base64:decode(<<" QQ==">>)', 'base64:decode(<<"Q Q==">>)', 'base64:decode(<<"QQ= =">>)', 'base64:decode(<<"QQ==\\n">>)', 'base64:decode(<<"QQ\\r\\n==">>)',
 'base64:decode(<<"QUJD\\tRA==">>)', 'base64:decode(<<"Q\\nU\\nJ\\nD">>)', 'base64:decode(<<"QR==">>)', 'base64:decode(<<"QUK=">>)', 'base64:decode(<<"Q Q = =">>)',
 'base64:decode(<<"VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==">>)', 'base64:decode(<<"+/+/">>)', 'base64:decode("////")',
 'base64:decode(<<"QUJDREVG\\r\\nR0hJSktM\\r\\nTU5PUFFS\\r\\nU1RVVldYWVo=">>)', 'base64:decode(<<"QQ==  ">>)', 'base64:decode(" QQ== ")',
])
P("base64_decode_errors", [
 'base64:decode(<<"QQ=">>)', 'base64:decode(<<"QQ">>)', 'base64:decode(<<"Q">>)', 'base64:decode(<<"QUJ">>)', 'base64:decode(<<"QQ==QQ==">>)', 'base64:decode(<<"Q===">>)',
 'base64:decode(<<"====">>)', 'base64:decode(<<"*QQ==">>)', 'base64:decode([$Q, <<"Q==">>])', 'base64:decode(<<"QQ==", 0>>)', 'base64:decode(<<"QUJD=">>)',
 'base64:decode(<<"QQ==x">>)', 'base64:decode(<<"QQ=x=">>)', 'base64:decode(<<1:3>>)', 'base64:decode(abc)', 'base64:decode(<<"-_">>)', 'base64:decode(<<"QQ==*">>)',
 'base64:decode(<<"QQ===">>)', 'base64:decode(<<"QQ==", 255>>)', 'base64:decode([$Q,$Q,$=,$=,0])', 'base64:decode([$Q,$Q,$=,$=,256])', 'base64:decode([$Q,$Q,$=,$=,-1])',
 'base64:decode([$Q,$Q,$=,$=,a])', 'base64:decode([$Q,$Q,$=,$=,1.0])', 'base64:decode([0])', 'base64:decode([$Q,$Q | x])', 'base64:decode([$Q,$Q,$=,$= | x])',
 'base64:decode([$Q,$Q,$Q,$Q | x])', 'base64:decode(<<"QQ*Q">>)', 'base64:decode(<<"Q*QQ">>)', 'base64:decode(<<"QQQ*">>)', 'base64:decode(<<"QQ=*">>)',
 'base64:decode(<<"*Q==">>)', 'base64:decode("Q*==")', 'base64:decode(<<"QQ*=">>)', 'base64:decode(<<"QQ=Q">>)', 'base64:decode(<<"Q=QQ">>)', 'base64:decode(<<"=QQQ">>)',
 'base64:decode(<<"=Q==">>)', 'base64:decode(<<"QU=JD">>)', 'base64:decode(<<"QUJ=D">>)', 'base64:decode(<<"QU==JD">>)', 'base64:decode(<<"QQ=", 0, "=">>)',
 'base64:decode(<<"QUJD", 0, "REVG">>)', 'base64:decode(<<"QUJDRA">>)', 'base64:decode(<<"QUJDRA=">>)',
])
P("base64_mime_decode", [
 'base64:mime_decode(<<>>)', 'base64:mime_decode(<<"QQ==">>)', 'base64:mime_decode(<<"QQ=">>)', 'base64:mime_decode(<<"QQ">>)', 'base64:mime_decode(<<"QQ==QQ==">>)',
 'base64:mime_decode(<<"Q===">>)', 'base64:mime_decode(<<"====">>)', 'base64:mime_decode(<<"*QQ==">>)', 'base64:mime_decode(<<"QQ==", 0>>)', 'base64:mime_decode(<<"QUJD=">>)',
 'base64:mime_decode(<<"QQ==x">>)', 'base64:mime_decode(<<"QQ=x=">>)', 'base64:mime_decode(<<"-_">>)', 'base64:mime_decode([0])', 'base64:mime_decode([256])',
 'base64:mime_decode([$Q,$Q,$=,$=,a])', 'base64:mime_decode([$Q,$Q | x])', 'base64:mime_decode(<<"QQ*Q">>)', 'base64:mime_decode(<<"QQ=*">>)', 'base64:mime_decode(<<"QU=JD">>)',
 'base64:mime_decode(<<"QUJ=D">>)', 'base64:mime_decode(<<"QU==JD">>)', 'base64:mime_decode(<<"QQ=", 0, "=">>)', 'base64:mime_decode(<<"QQ=", 0>>)',
 'base64:mime_decode(<<"QUJD", 0, "REVG">>)', 'base64:mime_decode(<<"QUJDRA=">>)', 'base64:mime_decode(<<"Q!U@J#D$">>)', 'base64:mime_decode("QUJD REVG")',
 'base64:mime_decode(<<"QU", 200, "JD">>)', 'base64:mime_decode(<<1:3>>)', 'base64:mime_decode(x)', 'base64:mime_decode(<<"QUJ=D==">>)',
])
P("base64_to_string", [
 'base64:encode_to_string(<<>>)', 'base64:encode_to_string(<<"ABC">>)', 'base64:encode_to_string("ABCD")', 'base64:encode_to_string(<<1:3>>)',
 'base64:decode_to_string(<<"QUJDRA==">>)', 'base64:decode_to_string("QUJDRA==")', 'base64:decode_to_string(<<"QQ=x=">>)', 'base64:decode_to_string(<<"QQ*Q">>)',
 'base64:decode_to_string(<<"QQ=*">>)', 'base64:decode_to_string(<<"Q*==">>)', 'base64:decode_to_string(<<"*Q==">>)', 'base64:decode_to_string(<<"QQ==QQ==">>)',
 'base64:decode_to_string(<<"QQ">>)', 'base64:decode_to_string(x)', 'base64:decode_to_string([$Q, <<"Q==">>])', 'base64:decode_to_string(<<"====">>)',
 'base64:mime_decode_to_string(<<"QQ==QQ==">>)', 'base64:mime_decode_to_string(<<"QQ=x=">>)', 'base64:mime_decode_to_string("QUJD REVG")',
 'base64:mime_decode_to_string([0])', 'base64:mime_decode_to_string(<<"QQ">>)', 'base64:mime_decode_to_string(x)',
 'base64:decode_to_string(<<"QQ=Q">>)', 'base64:decode_to_string(<<"=QQQ">>)', 'base64:decode_to_string(<<"QUJD", 0>>)',
])
P("base64_roundtrip", [
 'begin L = lcg(300, 7), [base64:decode(base64:encode(B)) =:= B || N <- lists:seq(0, 40), B <- [list_to_binary(lists:sublist(L, N))]] end',
 'begin L = lcg(120, 11), [base64:decode_to_string(base64:encode_to_string(lists:sublist(L, N))) =:= lists:sublist(L, N) || N <- lists:seq(0, 20)] end',
 'begin L = lcg(200, 3), B = list_to_binary(L), E = base64:encode(B), {E, base64:mime_decode(E) =:= B} end',
 'begin L = lcg(64, 5), base64:encode(list_to_binary(L)) =:= base64:encode(L) end',
], helpers='''
lcg(0, _) -> [];
lcg(N, X) -> Y = (X * 1103515245 + 12345) rem 2147483648, [Y rem 256 | lcg(N - 1, Y)].
''')
P("base64_big", [
 'begin B = binary:copy(<<"0123456789abcdefghijklmnopqrstuvwxyz">>, 6000), E = base64:encode(B), {byte_size(E), binary:part(E, 0, 20), base64:decode(E) =:= B, base64:mime_decode(E) =:= B} end',
 'begin B = binary:copy(<<1,2,3,4,5,6,7>>, 30001), E = base64:encode(B), {byte_size(E), binary:part(E, byte_size(E), -12), base64:decode(E) =:= B} end',
 'begin E = binary:copy(<<"QUJD">>, 60000), byte_size(base64:decode(<<E/binary, "QQ==">>)) end',
 'begin E = binary:copy(<<"QUJD">>, 60000), base64:decode(<<E/binary, "QQ=x">>) end',
 'begin E = binary:copy(<<"QUJD">>, 60000), base64:decode(<<E/binary, "QQ">>) end',
 'begin E = binary:copy(<<"QUJD">>, 60000), byte_size(base64:mime_decode(<<E/binary, "QQ">>)) end',
])
P("base64_mime_lines", [
 'begin B = list_to_binary(lists:seq(0, 255)), E = base64:encode(B), L = lines(E), {L, base64:mime_decode(L) =:= B, base64:decode(L) =:= B} end',
 'begin B = list_to_binary(lists:seq(0, 200)), E = base64:encode(B), L = lines(E), base64:mime_decode_to_string(L) =:= binary_to_list(B) end',
 'base64:mime_decode(<<"QUJD\\r\\n\\r\\nREVG\\r\\n=\\r\\n">>)', 'base64:decode(<<"QUJD\\r\\n\\r\\nREVG\\r\\n=\\r\\n">>)',
], helpers='''
lines(<<L:76/binary, Rest/binary>>) when Rest =/= <<>> -> <<L/binary, "\\r\\n", (lines(Rest))/binary>>;
lines(B) -> B.
''')

outdir = sys.argv[1]
for name, (exprs, helpers) in progs.items():
    cases = ",\n     ".join("T(fun() -> %s end)" % e for e in exprs)
    src = ("%%%% %s.erl -- generated by tests/oracle/gen_binary_conformance.py; do not edit.\n"
           "-module(%s).\n-export([main/0]).\n\nmain() ->\n"
           "    T = fun(F) -> try F() catch C:R -> {C, R} end end,\n    [%s].\n%s") % (name, name, cases, helpers)
    with open(os.path.join(outdir, name + ".erl"), "w") as f:
        f.write(src)
