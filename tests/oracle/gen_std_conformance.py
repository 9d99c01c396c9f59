#!/usr/bin/env python3
"""Writes tests/conformance/std_*.erl: the stdlib conformance programs
(lists, erlang BIFs, proplists, orddict, ordsets, queue, math). Each
program's main/0 returns the list of its cases' outcomes, each {ok, Value}
or {Class, Reason}; the expected output comes from erl, as for every
conformance program (scripts/regen-oracle.sh runs this and then
tests/oracle/conformance.escript on the files).
Usage: python3 tests/oracle/gen_std_conformance.py tests/conformance"""
import os
import sys

# name -> list of Erlang expressions (each evaluated in its own fun).
T = {}


def t(name, *exprs):
    assert name not in T, name
    T[name] = list(exprs)


# ---- lists ----
t('lists_all_any', 'lists:all(fun(X) -> X > 0 end, [1,2,3])', 'lists:all(fun(X) -> X > 1 end, [1,2,3])',
  'lists:all(fun(_) -> false end, [])', 'lists:any(fun(X) -> X > 2 end, [1,2,3])', 'lists:any(fun(X) -> X > 5 end, [1,2,3])',
  'lists:any(fun(_) -> true end, [])', 'lists:all(fun(X) -> X end, [true, 1])', 'lists:any(not_a_fun, [])',
  'lists:all(fun(X) -> X end, [true|false])')
t('lists_append', 'lists:append([1,2],[3])', 'lists:append([],[])', 'lists:append([[1],[2,3],[]])', 'lists:append([])',
  'lists:append([[a]])', 'lists:append([x])', 'lists:append(a, [b])', 'lists:append([1],b)', 'lists:append([[1]|x])')
t('lists_concat', 'lists:concat([foo, "_", 42, bar])', 'lists:concat([])', 'lists:concat([1.5])', 'lists:concat(["a", [$b]])',
  'lists:concat([{x}])', 'lists:concat(x)', "lists:concat(['hello world', -7])")
t('lists_delete', 'lists:delete(2, [1,2,3,2])', 'lists:delete(4, [1,2])', 'lists:delete(1, [1.0, 1])', 'lists:delete(a, [])',
  'lists:delete(a, x)', 'lists:delete(a, [b|c])', 'lists:delete({1}, [{1},{1}])')
t('lists_droplast', 'lists:droplast([1])', 'lists:droplast([1,2,3])', 'lists:droplast([])', 'lists:droplast(x)', 'lists:droplast([1|x])')
t('lists_dropwhile', 'lists:dropwhile(fun(X) -> X < 3 end, [1,2,3,1])', 'lists:dropwhile(fun(_) -> true end, [1,2])',
  'lists:dropwhile(fun(_) -> false end, [])', 'lists:dropwhile(fun(_) -> maybe end, [1])', 'lists:dropwhile(x, [])')
t('lists_duplicate', 'lists:duplicate(3, a)', 'lists:duplicate(0, a)', 'lists:duplicate(-1, a)', 'lists:duplicate(a, a)',
  'length(lists:duplicate(10000, [x]))', 'lists:duplicate(2, {})', 'lists:duplicate(1.0, a)')
t('lists_enumerate', 'lists:enumerate([a,b,c])', 'lists:enumerate([])', 'lists:enumerate(0, [a,b])', 'lists:enumerate(-5, [a])',
  'lists:enumerate(a, [a])', 'lists:enumerate(1, x)', 'lists:enumerate(x)', 'lists:enumerate(1 bsl 70, [a,b])')
t('lists_filter', 'lists:filter(fun(X) -> X rem 2 =:= 0 end, lists:seq(1,10))', 'lists:filter(fun(_) -> true end, [])',
  'lists:filter(fun(_) -> 1 end, [a])', 'lists:filter(x, [])', 'lists:filter(fun(_) -> true end, x)')
t('lists_filtermap', 'lists:filtermap(fun(X) when X > 2 -> {true, X*2}; (X) -> X =:= 1 end, [1,2,3,4])', 'lists:filtermap(fun(_) -> false end, [1])',
  'lists:filtermap(fun(_) -> bad end, [1])', 'lists:filtermap(x, [])', 'lists:zf(fun(X) -> {true, -X} end, [1,2])')
t('lists_flatlength', 'lists:flatlength([1,[2,[3,[]]],4])', 'lists:flatlength([])', 'lists:flatlength([[],[[]]])', 'lists:flatlength(x)',
  'lists:flatlength([1|x])', 'lists:flatlength("abc")')
t('lists_flatmap', 'lists:flatmap(fun(X) -> [X,X] end, [1,2])', 'lists:flatmap(fun(X) -> [[X]] end, [1])', 'lists:flatmap(fun(_) -> [] end, [1,2])',
  'lists:flatmap(x, [1])', 'lists:flatmap(fun(X) -> X end, [a])', 'lists:flatmap(fun(X) -> [X] end, [1|b])')
t('lists_flatten', 'lists:flatten([1,[2,[3,[]]],[[[4]]]])', 'lists:flatten([])', 'lists:flatten([[],[[]]])', 'lists:flatten(x)',
  'lists:flatten([1,[2]], [3])', 'lists:flatten([a], b)', 'lists:flatten([1|x])', 'lists:flatten(["ab", [$c]])', 'lists:flatten([{[1]}])')
t('lists_foldl', 'lists:foldl(fun(X, A) -> [X|A] end, [], [1,2,3])', 'lists:foldl(fun(X, A) -> X + A end, 0, lists:seq(1,100))',
  'lists:foldl(fun(_, A) -> A end, acc, [])', 'lists:foldl(x, 0, [])', 'lists:foldl(fun(X, A) -> X + A end, 0, [1|x])')
t('lists_foldr', 'lists:foldr(fun(X, A) -> [X|A] end, [], [1,2,3])', 'lists:foldr(fun(X, A) -> A - X end, 0, [1,2,3])',
  'lists:foldr(fun(_, A) -> A end, acc, [])', 'lists:foldr(x, 0, [])', 'lists:foldr(fun(X, A) -> X + A end, 0, x)')
t('lists_foreach', 'lists:foreach(fun(X) -> X end, [1,2])', 'lists:foreach(fun(_) -> ok end, [])', 'lists:foreach(x, [])',
  'lists:foreach(fun(X) -> 1 / X end, [1, 0])', 'lists:foreach(fun(X) -> X end, y)')
t('lists_join', 'lists:join(x, [a,b,c])', 'lists:join(x, [])', 'lists:join(x, [a])', 'lists:join(", ", ["a","b"])', 'lists:join(x, y)',
  'lists:join(x, [a|b])')
t('lists_keydelete', 'lists:keydelete(b, 1, [{a,1},{b,2},{b,3}])', 'lists:keydelete(2, 2, [{a,1},{b,2}])', 'lists:keydelete(1, 1, [{1.0},{1}])',
  'lists:keydelete(a, 0, [])', 'lists:keydelete(a, 1, [x, {a}])', 'lists:keydelete(a, 3, [{a,b}])', 'lists:keydelete(a, 1, x)')
t('lists_keyfind', 'lists:keyfind(b, 1, [{a,1},{b,2}])', 'lists:keyfind(c, 1, [{a,1}])', 'lists:keyfind(1, 1, [{1.0,x}])',
  'lists:keyfind(a, 0, [])', 'lists:keyfind(a, 1, [{a}|x])', 'lists:keyfind(a, 1, [b|x])', 'lists:keyfind(a, 2, [a, {a}, {b,a}])')
t('lists_keymap', 'lists:keymap(fun(X) -> X * 10 end, 2, [{a,1},{b,2}])', 'lists:keymap(fun(X) -> X end, 1, [])',
  'lists:keymap(fun(X) -> X end, 3, [{a,1}])', 'lists:keymap(fun(X) -> X end, 0, [])', 'lists:keymap(x, 1, [])',
  'lists:keymap(fun(X) -> X end, 1, [a])')
t('lists_keymember', 'lists:keymember(b, 1, [{a,1},{b,2}])', 'lists:keymember(z, 1, [{a,1}])', 'lists:keymember(1, 1, [{1.0}])',
  'lists:keymember(a, 0, [])', 'lists:keymember(a, 1, x)')
t('lists_keymerge', 'lists:keymerge(1, [{1,a},{3,c}], [{2,b},{3,d}])', 'lists:keymerge(1, [], [{1,a}])', 'lists:keymerge(2, [{a,1}], [{b,1}])',
  'lists:keymerge(0, [], [])', 'lists:keymerge(1, x, [])', 'lists:ukeymerge(1, [{1,a},{3,c}], [{1,b},{2,b},{3,d}])',
  'lists:ukeymerge(1, [{1,a}], [{1.0,b}])', 'lists:ukeymerge(0, [], [])')
t('lists_keyreplace', 'lists:keyreplace(b, 1, [{a,1},{b,2},{b,3}], {c,9})', 'lists:keyreplace(z, 1, [{a,1}], {c})',
  'lists:keyreplace(a, 1, [{a}], notuple)', 'lists:keyreplace(a, 0, [], {})', 'lists:keyreplace(a, 1, x, {})')
t('lists_keysearch', 'lists:keysearch(b, 1, [{a,1},{b,2}])', 'lists:keysearch(c, 1, [{a,1}])', 'lists:keysearch(a, 0, [])',
  'lists:keysearch(a, 1, [{a}|x])')
t('lists_keysort', 'lists:keysort(2, [{a,3},{b,1},{c,2},{d,1}])', 'lists:keysort(1, [])', 'lists:keysort(1, [a])', 'lists:keysort(1, [a,b])',
  'lists:keysort(0, [])', 'lists:keysort(1, x)', 'lists:keysort(1, [{1,a},{1.0,b},{0,c}])', 'lists:keysort(3, [{a,b}, {c,d}])')
t('lists_keystore', 'lists:keystore(b, 1, [{a,1},{b,2}], {b,9})', 'lists:keystore(z, 1, [{a,1}], {z,0})', 'lists:keystore(a, 1, [], {a})',
  'lists:keystore(a, 1, [], a)', 'lists:keystore(a, 0, [], {})', 'lists:keystore(a, 1, x, {})')
t('lists_keytake', 'lists:keytake(b, 1, [{a,1},{b,2},{c,3}])', 'lists:keytake(z, 1, [{a,1}])', 'lists:keytake(a, 0, [])',
  'lists:keytake(a, 1, x)', 'lists:keytake(1, 1, [{1.0, x}])')
t('lists_last', 'lists:last([1,2,3])', 'lists:last([a])', 'lists:last([])', 'lists:last(x)', 'lists:last([1|x])')
t('lists_map', 'lists:map(fun(X) -> X * 2 end, [1,2,3])', 'lists:map(fun(X) -> X end, [])', 'lists:map(x, [])', 'lists:map(fun(X) -> X end, x)',
  'lists:map(fun(X, Y) -> {X, Y} end, [1])', 'lists:map(fun(X) -> X end, [1|x])', 'lists:map(fun(X) -> {X} end, "ab")')
t('lists_mapfold', 'lists:mapfoldl(fun(X, A) -> {X * 2, A + X} end, 0, [1,2,3])', 'lists:mapfoldr(fun(X, A) -> {X * 2, [X|A]} end, [], [1,2,3])',
  'lists:mapfoldl(fun(X, A) -> {X, A} end, a, [])', 'lists:mapfoldl(fun(X, _) -> X end, 0, [1])', 'lists:mapfoldr(x, 0, [])',
  'lists:mapfoldl(fun(X, A) -> {X, A} end, 0, x)')
t('lists_max_min', 'lists:max([3,1,4,1,5])', 'lists:min([3,1,4,1,5])', 'lists:max([1, 1.0])', 'lists:min([1.0, 1])', 'lists:max([a, 1, [], {}])',
  'lists:min([a, 1, [], {}])', 'lists:max([])', 'lists:min([])', 'lists:max(x)')
t('lists_member', 'lists:member(2, [1,2,3])', 'lists:member(4, [1,2,3])', 'lists:member(1, [1.0])', 'lists:member(a, [])',
  'lists:member(a, x)', 'lists:member(a, [b|c])', 'lists:member(b, [b|c])')
t('lists_merge', 'lists:merge([1,3,5], [2,4])', 'lists:merge([], [1])', 'lists:merge([1], [1.0])', 'lists:merge([1.0], [1])',
  'lists:merge([[1,4],[2,5],[3]])', 'lists:merge([])', 'lists:merge(fun(A, B) -> A >= B end, [3,1], [2])', 'lists:merge3([1],[3],[2])',
  'lists:merge(x, [])', 'lists:merge([[1,3],[1.0,2]])')
t('lists_nth', 'lists:nth(1, [a,b])', 'lists:nth(2, [a,b])', 'lists:nth(3, [a,b])', 'lists:nth(0, [a])', 'lists:nth(a, [a])',
  'lists:nth(1, x)', 'lists:nth(1.0, [a])')
t('lists_nthtail', 'lists:nthtail(0, [a,b])', 'lists:nthtail(2, [a,b])', 'lists:nthtail(1, [a,b])', 'lists:nthtail(3, [a,b])',
  'lists:nthtail(-1, [a])', 'lists:nthtail(0, x)', 'lists:nthtail(1, [a|x])')
t('lists_partition', 'lists:partition(fun(X) -> X > 2 end, [1,3,2,4])', 'lists:partition(fun(_) -> true end, [])',
  'lists:partition(fun(_) -> x end, [1])', 'lists:partition(x, [])', 'lists:partition(fun(_) -> true end, [1|x])')
t('lists_prefix_suffix', 'lists:prefix([1,2], [1,2,3])', 'lists:prefix([], [])', 'lists:prefix([1,3], [1,2,3])', 'lists:prefix([1], [1.0])',
  'lists:prefix([1], x)', 'lists:suffix([2,3], [1,2,3])', 'lists:suffix([], [1])', 'lists:suffix([1,2,3,4], [1])', 'lists:suffix([1], x)',
  'lists:prefix(x, [1])')
t('lists_reverse', 'lists:reverse([1,2,3])', 'lists:reverse([])', 'lists:reverse([1])', 'lists:reverse([1,2])', 'lists:reverse(x)',
  'lists:reverse([1|2])', 'lists:reverse([1,2|3])', 'lists:reverse([1,2], [3])', 'lists:reverse([1], x)', 'lists:reverse(x, [])')
t('lists_search', 'lists:search(fun(X) -> X > 1 end, [1,2,3])', 'lists:search(fun(X) -> X > 5 end, [1,2])', 'lists:search(fun(_) -> 1 end, [a])',
  'lists:search(x, [])', 'lists:search(fun(_) -> false end, x)')
t('lists_seq2', 'lists:seq(1, 5)', 'lists:seq(1, 1)', 'lists:seq(1, 0)', 'lists:seq(5, 1)', 'lists:seq(-3, 2)', 'lists:seq(a, 1)',
  'lists:seq(1.0, 2)', 'lists:seq(1 bsl 64, (1 bsl 64) + 2)')
t('lists_seq3', 'lists:seq(1, 10, 3)', 'lists:seq(10, 1, -3)', 'lists:seq(1, 0, 1)', 'lists:seq(1, 1, 0)', 'lists:seq(1, 5, 0)',
  'lists:seq(5, 1, 1)', 'lists:seq(1, 2, -1)', 'lists:seq(1, 5, a)', 'lists:seq(0, 0, -1)', 'lists:seq(1, 6, 2)', 'lists:seq(2, 1, 1)',
  'lists:seq(1, -1, -1)')
t('lists_sort', 'lists:sort([3,1,2])', 'lists:sort([])', 'lists:sort([b, 1, "a", {x}, [], 2.5])', 'lists:sort([1.0, 1, 1.0, 1])',
  'lists:sort(x)', 'lists:sort([c|b])', 'lists:sort(lists:reverse(lists:seq(1, 50)))', 'lists:sort([{b,1},{a,2},{b,0}])')
t('lists_sort2', 'lists:sort(fun(A, B) -> A >= B end, [1,3,2])', 'lists:sort(fun(A, B) -> element(1, A) =< element(1, B) end, [{b,1},{a,2},{b,0},{a,1}])',
  'lists:sort(fun(_, _) -> true end, [])', 'lists:sort(fun(_, _) -> true end, [x])', 'lists:sort(x, [])', 'lists:sort(fun(_, _) -> maybe end, [1,2])')
t('lists_split', 'lists:split(2, [a,b,c])', 'lists:split(0, [a])', 'lists:split(1, [a])', 'lists:split(5, [a])', 'lists:split(-1, [a])',
  'lists:split(a, [a])', 'lists:split(1, x)')
t('lists_splitwith', 'lists:splitwith(fun(X) -> X < 3 end, [1,2,3,1])', 'lists:splitwith(fun(_) -> true end, [1])',
  'lists:splitwith(fun(_) -> false end, [])', 'lists:splitwith(x, [])', 'lists:splitwith(fun(_) -> y end, [1])')
t('lists_sublist', 'lists:sublist([a,b,c], 2)', 'lists:sublist([a,b,c], 5)', 'lists:sublist([a,b,c], 0)', 'lists:sublist([a], -1)',
  'lists:sublist(x, 1)', 'lists:sublist([a,b,c,d], 2, 2)', 'lists:sublist([a,b,c], 3, 5)', 'lists:sublist([a,b,c], 4, 1)',
  'lists:sublist([a,b,c], 5, 1)', 'lists:sublist([a,b], 1, -1)', 'lists:sublist([a,b], 0, 1)')
t('lists_subtract', 'lists:subtract([1,2,3,2], [2])', 'lists:subtract([], [1])', 'lists:subtract([1], [])', 'lists:subtract([1], [1.0])',
  'lists:subtract(x, [])', 'lists:subtract([1], y)')
t('lists_sum', 'lists:sum([1,2,3])', 'lists:sum([])', 'lists:sum([1, 2.5])', 'lists:sum([1 bsl 64, 1])', 'lists:sum([a])', 'lists:sum(x)',
  'lists:sum([1|x])')
t('lists_takewhile', 'lists:takewhile(fun(X) -> X < 3 end, [1,2,3,1])', 'lists:takewhile(fun(_) -> true end, [])',
  'lists:takewhile(fun(_) -> z end, [1])', 'lists:takewhile(x, [])', 'lists:takewhile(fun(_) -> true end, [1|x])')
t('lists_ukeysort', 'lists:ukeysort(1, [{b,1},{a,2},{b,3}])', 'lists:ukeysort(1, [{1,a},{1.0,b},{0,c}])', 'lists:ukeysort(1, [])',
  'lists:ukeysort(2, [x])', 'lists:ukeysort(1, [a,b])', 'lists:ukeysort(0, [])', 'lists:ukeysort(2, [{a,1},{b,1},{c,0}])')
t('lists_umerge', 'lists:umerge([1,3,5], [2,3,4])', 'lists:umerge([1,2,2], [2])', 'lists:umerge([[1,3],[1.0,2]])', 'lists:umerge([])',
  'lists:umerge(fun(A, B) -> A >= B end, [5,3,1], [4,3])', 'lists:umerge3([1,2],[2,3],[3,4])', 'lists:umerge([1], [1.0])',
  'lists:umerge([1.0], [1])', 'lists:umerge(x, [])')
t('lists_uniq', 'lists:uniq([3,1,3,2,1])', 'lists:uniq([1, 1.0, 1])', 'lists:uniq([])', 'lists:uniq(x)',
  'lists:uniq(fun(X) -> X rem 3 end, [1,2,3,4,5,6])', 'lists:uniq(fun({K, _}) -> K end, [{a,1},{b,2},{a,3}])', 'lists:uniq(x, [])',
  'lists:uniq([[a], [a], {b}, {b}, "x"])')
t('lists_unzip', 'lists:unzip([{a,1},{b,2}])', 'lists:unzip([])', 'lists:unzip([{a,1,2}])', 'lists:unzip3([{a,1,x},{b,2,y}])',
  'lists:unzip3([])', 'lists:unzip3([{a,1}])', 'lists:unzip(x)')
t('lists_usort', 'lists:usort([3,1,3,2,1])', 'lists:usort([1, 1.0, 1])', 'lists:usort([2.0, 1, 2, 1.0])', 'lists:usort([])', 'lists:usort(x)',
  'lists:usort(fun(A, B) -> A >= B end, [1,3,2,3])', 'lists:usort(fun(A, B) -> element(1, A) =< element(1, B) end, [{b,1},{a,2},{b,0}])',
  'lists:usort(fun(_, _) -> true end, [x])', 'lists:usort(x, [])')
t('lists_zip', 'lists:zip([1,2], [a,b])', 'lists:zip([], [])', 'lists:zip([1], [])', 'lists:zip3([1],[a],[x])', 'lists:zip3([1],[a],[])',
  'lists:zipwith(fun(X, Y) -> X + Y end, [1,2], [3,4])', 'lists:zipwith(fun(X, Y) -> X + Y end, [1], [])',
  'lists:zipwith3(fun(X, Y, Z) -> X + Y + Z end, [1], [2], [3])', 'lists:zipwith(x, [], [])', 'lists:zipwith3(x, [], [], [])')

# ---- erlang BIFs ----
t('erl_make_tuple', 'erlang:make_tuple(3, a)', 'erlang:make_tuple(0, a)', 'erlang:make_tuple(-1, a)', 'erlang:make_tuple(a, a)',
  'erlang:make_tuple(3, a, [{1,x},{3,y},{1,z}])', 'erlang:make_tuple(3, a, [{4,x}])', 'erlang:make_tuple(3, a, [{0,x}])',
  'erlang:make_tuple(3, a, [x])', 'erlang:make_tuple(2, a, [{1,x}|y])', 'erlang:make_tuple(2, a, [])', 'tuple_size(erlang:make_tuple(100000, z))',
  'erlang:make_tuple(1 bsl 30, a)')
t('erl_tuple_elements', 'erlang:append_element({a,b}, c)', 'erlang:append_element({}, 1)', 'erlang:append_element(x, 1)',
  'erlang:delete_element(2, {a,b,c})', 'erlang:delete_element(1, {a})', 'erlang:delete_element(1, {})', 'erlang:delete_element(0, {a})',
  'erlang:delete_element(a, {a})', 'erlang:insert_element(2, {a,c}, b)', 'erlang:insert_element(3, {a,b}, c)', 'erlang:insert_element(1, {}, a)',
  'erlang:insert_element(3, {a}, b)', 'erlang:insert_element(0, {a}, b)', 'erlang:insert_element(1, x, b)')
t('erl_floor_ceil', 'floor(-1.5)', 'ceil(-1.5)', 'floor(1.5)', 'ceil(1.5)', 'floor(3)', 'ceil(-3)', 'floor(a)', 'ceil("1")',
  'ceil(1.0e20)', 'floor(-0.0)', 'floor(1 bsl 80)', 'erlang:floor(2.999999)', 'erlang:ceil(0.000001)')
t('erl_integer_to_list2', 'integer_to_list(255, 16)', 'integer_to_list(-255, 36)', 'integer_to_list(0, 2)', 'integer_to_list(1, 37)',
  'integer_to_list(1, 1)', 'integer_to_list(a, 10)', 'integer_to_list(1 bsl 100, 36)', 'integer_to_list(10, 10)', 'integer_to_list(1.0, 10)')
t('erl_list_to_integer2', 'list_to_integer("ff", 16)', 'list_to_integer("-Zz", 36)', 'list_to_integer("12", 2)', 'list_to_integer("1", 37)',
  'list_to_integer("+7f", 16)', 'list_to_integer("", 10)', 'list_to_integer("-", 10)', 'list_to_integer(x, 10)', 'list_to_integer("101", 2)',
  'list_to_integer("zzzzzzzzzzzzzzzzzz", 36)')
t('erl_float_to_list', 'float_to_list(1.0)', 'float_to_list(-0.0)', 'float_to_list(1.0e300)', 'float_to_list(0.1)', 'float_to_list(5)',
  'float_to_list(123.456)', 'float_to_list(-1.0e-300)', 'float_to_list(x)', 'float_to_list(2.2250738585072014e-308)')
t('erl_list_to_float', 'list_to_float("1.0")', 'list_to_float("+1.5")', 'list_to_float("-1.5e3")', 'list_to_float("1e3")', 'list_to_float("1.e3")',
  'list_to_float(".5")', 'list_to_float("1.0E3")', 'list_to_float("1.0e+3")', 'list_to_float("1.0e400")', 'list_to_float(" 1.0")',
  'list_to_float("1.0 ")', 'list_to_float("1")', 'list_to_float("1.0e")', 'list_to_float("0.0000001e-400")', 'list_to_float(x)',
  'list_to_float([$1, $., 300])', 'list_to_float("3.14159265358979323846264338327950288")')
t('erl_list_to_existing_atom', 'list_to_existing_atom("ok")', 'list_to_existing_atom("hello_there")', 'list_to_existing_atom(ok)',
  'list_to_existing_atom([a])', 'list_to_existing_atom("error")', 'list_to_existing_atom(lists:duplicate(300, $a))',
  'list_to_existing_atom([1114112])', 'list_to_existing_atom([$o | k])', "begin _ = 'hello_there', ok end")
t('erl_raise', 'erlang:raise(foo, x, [])', 'erlang:raise(error, x, bad)', 'erlang:raise(throw, x, [])', 'erlang:raise(exit, x, [])',
  'erlang:raise(error, x, [{m, f, 1, []}])', 'erlang:raise(error, x, [{m, f, [a], [{line, 1}]}])', 'erlang:raise(error, x, [{m, f, 1}])',
  'erlang:raise(error, x, [x])', 'erlang:raise(error, x, [{m, f, 1, []} | y])',
  'try erlang:raise(error, r, [{m, f, 2, []}]) catch error:R:S -> {R, S} end')
t('erl_error2', 'erlang:error(foo, [1,2])', 'erlang:error({a, b}, none)', 'error(x, [])')

# ---- math ----
t('math_trig', 'math:sin(0)', 'math:sin(1)', 'math:cos(1)', 'math:tan(1)', 'math:asin(1)', 'math:acos(0.5)', 'math:atan(1)',
  'math:atan2(1, 2)', 'math:atan2(0, 0)', 'math:atan2(-0.0, -1)', 'math:sin(1 bsl 60)', 'math:cos(-2.5)')
t('math_hyper', 'math:sinh(1)', 'math:cosh(1)', 'math:tanh(0.5)', 'math:asinh(1)', 'math:acosh(2)', 'math:atanh(0.5)', 'math:acosh(0.5)',
  'math:atanh(1)', 'math:atanh(-1)', 'math:sinh(1000)', 'math:cosh(-710)')
t('math_exp_log', 'math:exp(1)', 'math:exp(0)', 'math:exp(1000)', 'math:exp(-1000)', 'math:log(10)', 'math:log(0)', 'math:log(-1)',
  'math:log2(8)', 'math:log2(0.1)', 'math:log10(1000)', 'math:log10(0)', 'math:log(1 bsl 100)', 'math:log(1 bsl 2000)')
t('math_pow_sqrt', 'math:pow(2, 10)', 'math:pow(2.5, 2)', 'math:pow(10, 400)', 'math:pow(0, -1)', 'math:pow(-8, 0.5)', 'math:pow(-8, 3)',
  'math:pow(0, 0)', 'math:sqrt(2)', 'math:sqrt(-1)', 'math:sqrt(0)', 'math:sqrt(1 bsl 2000)', 'math:sqrt(a)', 'math:pow(a, 1)',
  'math:pow(2, -1074)', 'math:pow(-0.0, 3)')
t('math_misc', 'math:pi()', 'math:floor(-1.5)', 'math:ceil(2)', 'math:floor(2.5)', 'math:ceil(-0.5)', 'math:fmod(5.5, 2)', 'math:fmod(-5, 3)',
  'math:fmod(1, 0)', 'math:fmod(1, 0.0)', 'math:erf(0.5)', 'math:erfc(0.5)', 'math:erf(10)', 'math:erfc(-3)', 'math:floor(x)',
  'math:ceil(1 bsl 70)')

# ---- ordsets ----
t('ordsets_basic', 'ordsets:new()', 'ordsets:from_list([3,1,2,1])', 'ordsets:from_list([1, 1.0])', 'ordsets:to_list([1,2])',
  'ordsets:size([a,b])', 'ordsets:is_empty([])', 'ordsets:is_empty([a])', 'ordsets:is_set([1,2,3])', 'ordsets:is_set([2,1])',
  'ordsets:is_set([1,1])', 'ordsets:is_set(x)', 'ordsets:is_set([])', 'ordsets:is_set([1, 1.0])', 'ordsets:size(x)')
t('ordsets_elements', 'ordsets:is_element(2, [1,2,3])', 'ordsets:is_element(4, [1,2,3])', 'ordsets:is_element(1.0, [1])',
  'ordsets:add_element(2, [1,3])', 'ordsets:add_element(2, [1,2])', 'ordsets:add_element(4, [])', 'ordsets:add_element(1.0, [1])',
  'ordsets:del_element(2, [1,2,3])', 'ordsets:del_element(4, [1,2])', 'ordsets:del_element(1.0, [1])', 'ordsets:is_element(a, x)')
t('ordsets_ops', 'ordsets:union([1,3,5], [2,3])', 'ordsets:union([], [1])', 'ordsets:union([[1],[3],[2,3]])', 'ordsets:union([])',
  'ordsets:intersection([1,2,3], [2,3,4])', 'ordsets:intersection([[1,2,3],[2,3],[3]])', 'ordsets:intersection([])',
  'ordsets:intersection([[a]])', 'ordsets:subtract([1,2,3], [2])', 'ordsets:is_disjoint([1,2], [3])', 'ordsets:is_disjoint([1,2], [2])',
  'ordsets:is_subset([1,2], [1,2,3])', 'ordsets:is_subset([1,4], [1,2,3])', 'ordsets:is_subset([], [])', 'ordsets:union([1], [1.0])')
t('ordsets_hof', 'ordsets:fold(fun(X, A) -> [X|A] end, [], [1,2,3])', 'ordsets:filter(fun(X) -> X > 1 end, [1,2,3])',
  'ordsets:fold(x, 0, [])', 'ordsets:filter(x, [])')

# ---- orddict ----
t('orddict_basic', 'orddict:new()', 'orddict:from_list([{b,1},{a,2},{b,3}])', 'orddict:from_list([])', 'orddict:from_list([x])',
  'orddict:to_list([{a,1}])', 'orddict:size([{a,1}])', 'orddict:is_empty([])', 'orddict:is_empty([{a,1}])', 'orddict:is_key(a, [{a,1}])',
  'orddict:is_key(b, [{a,1}])', 'orddict:is_key(1.0, [{1,a}])', 'orddict:fetch_keys([{a,1},{b,2}])', 'orddict:from_list([{1,a},{1.0,b}])')
t('orddict_lookup', 'orddict:fetch(b, [{a,1},{b,2}])', 'orddict:fetch(c, [{a,1},{b,2}])', 'orddict:fetch(a, [])', 'orddict:find(b, [{a,1},{b,2}])',
  'orddict:find(c, [{a,1}])', 'orddict:find(a, [])', 'orddict:fetch(1.0, [{1,a}])', 'orddict:find(0, [{a,1}])')
t('orddict_modify', 'orddict:store(b, 2, [{a,1},{c,3}])', 'orddict:store(a, 9, [{a,1}])', 'orddict:store(1.0, x, [{1,a}])',
  'orddict:erase(a, [{a,1},{b,2}])', 'orddict:erase(z, [{a,1}])', 'orddict:take(a, [{a,1},{b,2}])', 'orddict:take(z, [{a,1}])',
  'orddict:append(a, x, [{a,[y]}])', 'orddict:append(b, x, [{a,[y]}])', 'orddict:append_list(a, [x,z], [{a,[y]}])',
  'orddict:append_list(b, [x], [])', 'orddict:append(a, x, [{a,y}])')
t('orddict_update', 'orddict:update(a, fun(V) -> V + 1 end, [{a,1}])', 'orddict:update(b, fun(V) -> V end, [{a,1}])',
  'orddict:update(a, fun(V) -> V end, [])', 'orddict:update(a, fun(V) -> V * 2 end, 0, [{a,5}])', 'orddict:update(b, fun(V) -> V end, 0, [{a,5}])',
  'orddict:update_counter(a, 2, [{a,1}])', 'orddict:update_counter(b, 2, [{a,1}])', 'orddict:update_counter(a, 1, [{a,x}])',
  'orddict:update(a, x, [{a,1}])')
t('orddict_hof', 'orddict:fold(fun(K, V, A) -> [{V,K}|A] end, [], [{a,1},{b,2}])', 'orddict:map(fun(K, V) -> {K, V} end, [{a,1}])',
  'orddict:filter(fun(_, V) -> V > 1 end, [{a,1},{b,2}])', 'orddict:merge(fun(_, A, B) -> A + B end, [{a,1},{b,2}], [{b,3},{c,4}])',
  'orddict:merge(fun(_, A, _) -> A end, [], [{a,1}])', 'orddict:fold(x, 0, [])', 'orddict:map(x, [])', 'orddict:filter(fun(_, _) -> 1 end, [{a,1}])')

# ---- proplists ----
t('proplists_lookup', 'proplists:lookup(a, [{a,1},{a,2}])', 'proplists:lookup(a, [a])', 'proplists:lookup(b, [a])', 'proplists:lookup(a, [{a}])',
  'proplists:lookup_all(a, [{a,1},b,a,{a,2,3}])', 'proplists:is_defined(a, [{a,1}])', 'proplists:is_defined(c, [{a,1}])',
  'proplists:lookup(1, [{1.0, x}, {1, y}])', 'proplists:lookup(a, [x, "str", {a, 1}])')
t('proplists_get', 'proplists:get_value(a, [{a,1}])', 'proplists:get_value(a, [a])', 'proplists:get_value(a, [])', 'proplists:get_value(a, [], d)',
  'proplists:get_value(a, [{a,1,2}], d)', 'proplists:get_all_values(a, [{a,1},a,{a,2,3},{a,[x]}])', 'proplists:get_bool(a, [a])',
  'proplists:get_bool(a, [{a,true}])', 'proplists:get_bool(a, [{a,1}])', 'proplists:get_bool(a, [])', 'proplists:append_values(a, [{a,[1,2]},{a,3},a,{b,4}])',
  'proplists:get_value(a, x)')
t('proplists_shape', 'proplists:property({a, true})', 'proplists:property({a, 1})', 'proplists:property("x", true)', 'proplists:property(a, true)',
  'proplists:property(a, 1)', 'proplists:unfold([a, {b, 1}, "s"])', 'proplists:compact([{a, true}, {b, 1}, {c, false}])',
  'proplists:delete(a, [a, {a,1}, b, {c, a}])', 'lists:sort(proplists:get_keys([a, {b,1}, {a,2}, "x", {c}]))')
t('proplists_subst', 'proplists:substitute_aliases([{a, b}], [a, {a, 1}, {c, 2}])', 'proplists:substitute_aliases([{a, b}, {b, c}], [a, b])',
  'proplists:substitute_negations([{no_a, a}], [no_a, {no_a, true}, {no_a, false}, {no_a, 7}, b])',
  'proplists:normalize([a, {b, 1}, no_c], [{aliases, [{b, bb}]}, {negations, [{no_c, c}]}])',
  'proplists:normalize([{a, true}], [])')
t('proplists_expand', 'proplists:expand([{foo, [bar, baz]}], [fie, foo, fum])', 'proplists:expand([{{foo, false}, [bar]}], [{foo, false}, fie, foo])',
  'proplists:expand([{foo, [bar]}, {foo, [baz]}], [foo])', 'proplists:expand([{foo, [x]}], [{foo, 1}])', 'proplists:expand([], [[a, b], c])',
  'proplists:expand([{a, [b]}, {b, [c]}], [a])', 'proplists:expand([{foo, [bar]}], [fie, foo, foo, {foo, true}])')
t('proplists_split', 'proplists:split([{c, 2}, {e, 1}, a, {c, 3, 4}, d, {b, 5}, b], [a, b, c])', 'proplists:split([], [a])',
  'proplists:split([a, "x"], [])', 'proplists:split([a, b], [a, a])')

# ---- queue ----
t('queue_basic', 'queue:new()', 'queue:is_queue(queue:new())', 'queue:is_queue(x)', 'queue:is_queue({a, b})', 'queue:is_empty(queue:new())',
  'queue:is_empty(queue:from_list([1]))', 'queue:is_empty(x)', 'queue:len(queue:from_list([1,2,3]))', 'queue:len(x)',
  'queue:to_list(queue:from_list([1,2,3]))', 'queue:from_list(x)', 'queue:to_list(x)', 'queue:member(2, queue:from_list([1,2]))',
  'queue:member(3, queue:from_list([1,2]))', 'queue:member(1, x)')
t('queue_from_list', '[queue:from_list(lists:seq(1, N)) || N <- lists:seq(0, 9)]')
t('queue_in_out', 'queue:in(9, {[1], []})', 'queue:in(9, {[], [1]})', 'queue:in_r(9, {[], [1]})', 'queue:in_r(9, {[1], []})',
  'queue:out({[5,4,3,2,1], []})', 'queue:out({[], []})', 'queue:out({[1], []})', 'queue:out({[3,2], [1]})', 'queue:out_r({[], [1,2,3,4,5]})',
  'queue:out_r({[], []})', 'queue:out_r({[1], [2,3,4,5]})', 'queue:in(1, x)', 'queue:out(x)', 'queue:out_r(x)')
t('queue_get_peek', 'queue:get(queue:from_list([1,2]))', 'queue:get({[3,2,1], []})', 'queue:get({[1], []})', 'queue:get(queue:new())',
  'queue:get_r(queue:from_list([1,2]))', 'queue:get_r({[], [1,2,3]})', 'queue:get_r(queue:new())', 'queue:peek(queue:new())',
  'queue:peek({[3,2,1], []})', 'queue:peek_r({[], [1,2]})', 'queue:peek_r(queue:from_list([1,2,3]))', 'queue:get(x)', 'queue:peek(x)')
t('queue_drop', 'queue:drop({[1], [2]})', 'queue:drop({[3,2,1], []})', 'queue:drop({[1], []})', 'queue:drop(queue:new())',
  'queue:drop_r({[1], [2,3,4,5]})', 'queue:drop_r({[], [1,2,3]})', 'queue:drop_r({[], [1]})', 'queue:drop_r(queue:new())',
  'queue:drop({[5,4], [1]})', 'queue:drop(x)')
t('queue_rev_join', 'queue:reverse(queue:from_list([1,2,3]))', 'queue:join({[3], [1,2]}, {[6,5], [4]})', 'queue:join(queue:new(), {[1], []})',
  'queue:join({[1], []}, queue:new())', 'queue:join(x, queue:new())', 'queue:reverse(x)')
t('queue_split', '[queue:split(N, queue:from_list([1,2,3,4,5])) || N <- lists:seq(0, 5)]',
  '[queue:split(N, {[6,5,4], [1,2,3]}) || N <- lists:seq(0, 6)]', 'queue:split(6, queue:from_list([1,2]))', 'queue:split(-1, queue:new())',
  'queue:split(1, x)', '[queue:split(N, {[], [1,2,3,4]}) || N <- lists:seq(0, 4)]', '[queue:split(N, {[4,3,2,1], []}) || N <- lists:seq(0, 4)]')
t('queue_filter', 'queue:filter(fun(X) -> X > 2 end, {[6,5,4], [1,2,3]})', 'queue:filter(fun(X) -> X < 3 end, {[6,5,4], [1,2,3]})',
  'queue:filter(fun(X) -> [X, X] end, {[3], [1,2]})', 'queue:filter(fun(X) -> X > 5 end, {[6,5,4], [1,2,3]})',
  'queue:filter(fun(_) -> false end, {[6,5,4], [1,2,3]})', 'queue:filter(fun(_) -> x end, {[1], []})', 'queue:filter(x, queue:new())',
  'queue:filtermap(fun(X) when X > 3 -> {true, X * 10}; (X) -> X =:= 1 end, {[6,5,4], [1,2,3]})', 'queue:filtermap(x, queue:new())')
t('queue_fold', 'queue:fold(fun(X, A) -> [X|A] end, [], {[6,5,4], [1,2,3]})', 'queue:fold(fun(X, A) -> X + A end, 0, queue:new())',
  'queue:any(fun(X) -> X > 5 end, {[6,5,4], [1,2,3]})', 'queue:any(fun(X) -> X > 6 end, {[6,5,4], [1,2,3]})',
  'queue:all(fun(X) -> X > 0 end, {[6,5,4], [1,2,3]})', 'queue:all(fun(X) -> X > 1 end, {[6,5,4], [1,2,3]})', 'queue:fold(x, 0, queue:new())',
  'queue:any(x, queue:new())')
t('queue_delete', '[queue:delete(X, {[6,5,4], [1,2,3]}) || X <- [1,3,4,6,7]]', '[queue:delete_r(X, {[6,5,4], [1,2,3]}) || X <- [1,3,4,6,7]]',
  'queue:delete(1, {[], [1]})', 'queue:delete(1, {[1], []})', 'queue:delete(2, {[2,1], [2]})', 'queue:delete_r(2, {[2,1], [2]})',
  'queue:delete_with(fun(X) -> X > 2 end, {[6,5,4], [1,2,3]})', 'queue:delete_with_r(fun(X) -> X < 5 end, {[6,5,4], [1,2,3]})',
  'queue:delete_with(fun(_) -> false end, {[2], [1]})', 'queue:delete(1, x)', 'queue:delete(1.0, {[1], []})',
  'queue:delete(3, {[], [1,2,3]})', 'queue:delete(1, {[], [1,2]})')
t('queue_okasaki', 'queue:cons(0, queue:from_list([1,2]))', 'queue:head(queue:from_list([1,2]))', 'queue:head(queue:new())',
  'queue:tail(queue:from_list([1,2,3]))', 'queue:snoc(queue:from_list([1]), 2)', 'queue:daeh(queue:from_list([1,2]))',
  'queue:last(queue:from_list([1,2]))', 'queue:liat(queue:from_list([1,2,3]))', 'queue:lait(queue:from_list([1,2,3]))',
  'queue:init(queue:from_list([1,2,3]))', 'queue:tail(queue:new())', 'queue:last(queue:new())', 'queue:head({[3,2,1], []})')


def scenario_queue(seed):
    """A pseudo-random run of queue operations, printing every shape."""
    return ['''begin
    Ops = fun Loop(0, Q, _S, Acc) -> lists:reverse([Q | Acc]);
              Loop(N, Q, S, Acc) ->
                  S1 = (S * 1103515245 + 12345) rem 2147483648,
                  Q1 = case S1 rem 7 of
                           0 -> queue:in(N, Q);
                           1 -> queue:in_r(N, Q);
                           2 -> case queue:out(Q) of {_, Qo} -> Qo end;
                           3 -> case queue:out_r(Q) of {_, Qo} -> Qo end;
                           4 -> queue:in(N, queue:in(-N, Q));
                           5 -> queue:filter(fun(X) -> X rem 3 =/= 0 end, Q);
                           _ -> case queue:is_empty(Q) of true -> Q; false -> queue:drop_r(Q) end
                       end,
                  Loop(N - 1, Q1, S1, [Q | Acc])
          end,
    Ops(60, queue:new(), %d, [])
end''' % seed]


for s in range(4):
    t('queue_scenario_%d' % s, *scenario_queue(s * 7919 + 1))


def sort_props(n):
    return ['''begin
    Gen = fun G(0, _S, Acc) -> Acc;
              G(K, S, Acc) -> S1 = (S * 1103515245 + 12345) rem 2147483648,
                              V = case S1 rem 4 of 0 -> S1 rem 10; 1 -> float(S1 rem 10); 2 -> {S1 rem 5, K}; _ -> [S1 rem 3] end,
                              G(K - 1, S1, [V | Acc])
          end,
    L = Gen(%d, %d, []),
    {lists:sort(L), lists:usort(L), lists:keysort(1, [{X, I} || {X, I} <- lists:zip(L, lists:seq(1, length(L)))]),
     lists:ukeysort(1, [{X, I} || {X, I} <- lists:zip(L, lists:seq(1, length(L)))]),
     lists:sort(fun(A, B) -> A >= B end, L), lists:usort(fun(A, B) -> A >= B end, L), lists:uniq(L)}
end''' % (n, n * 31 + 7)]


for n in [0, 1, 2, 3, 7, 40]:
    t('lists_sort_prop_%d' % n, *sort_props(n))

t('lists_seq_prop', '[{F, L, I, t(fun() -> lists:seq(F, L, I) end)} || F <- [-2, 0, 3], L <- [-3, 0, 2, 5], I <- [-2, -1, 1, 2]]',
  '[{F, L, t(fun() -> lists:seq(F, L) end)} || F <- [-2, 0, 3], L <- [-3, 0, 2, 5]]')
t('lists_sublist_prop', '[{S, N, t(fun() -> lists:sublist([a,b,c], S, N) end)} || S <- [0, 1, 2, 3, 4, 5], N <- [0, 1, 2, 4]]',
  '[{N, t(fun() -> lists:split(N, [a,b,c]) end)} || N <- [0, 1, 3, 4]]', '[{N, t(fun() -> lists:nthtail(N, [a,b,c]) end)} || N <- [0, 1, 3, 4]]')

# ---- more cases, one concern each ----
t('lists_nested_hof', 'lists:map(fun(L) -> lists:foldl(fun(X, A) -> X + A end, 0, L) end, [[1,2],[3],[]])',
  'lists:filter(fun(L) -> lists:any(fun(X) -> X > 2 end, L) end, [[1,2],[3],[]])',
  'lists:foldr(fun(X, A) -> lists:append(A, [X]) end, [], [1,2,3])', 'lists:flatmap(fun(X) -> lists:seq(1, X) end, [1,2,3])')
t('lists_strings', 'lists:reverse("hello")', 'lists:sort("banana")', 'lists:usort("banana")', 'lists:join($,, ["a","b","c"])',
  'lists:flatten(["abc", [$d, ["ef"]]])', 'lists:member($a, "xyz")', 'lists:nth(3, "hello")', 'lists:suffix("lo", "hello")',
  'lists:prefix("he", "hello")', 'lists:subtract("hello", "l")', 'lists:concat(["x", y, 1, 2.0])')
t('lists_keys_mixed', 'lists:keyfind(a, 2, [{1,a},{2,b}])', 'lists:keysort(2, [{1,b,x},{2,a,y},{3,b,z}])',
  'lists:keystore(c, 1, [{a,1},{b,2}], {c,3})', 'lists:keyreplace(1, 1, [{1.0, a}], {x})', 'lists:keydelete(1, 1, [{1.0, a}])',
  'lists:keytake(b, 1, [{a,1},{b,2},{b,3}])', 'lists:keymember(1.0, 1, [{1, x}])', 'lists:keysearch(1.0, 1, [{1, x}])')
t('lists_big_inputs', 'length(lists:seq(1, 100000))', 'lists:sum(lists:seq(1, 100000))', 'length(lists:sort(lists:seq(50000, 1, -1)))',
  'lists:last(lists:seq(1, 70000))', 'length(lists:flatten(lists:duplicate(20000, [a, [b]])))', 'lists:max(lists:seq(1, 50000))',
  'lists:nth(40000, lists:seq(1, 50000))', 'length(lists:usort(lists:duplicate(30000, z)))')
t('lists_stable_sorts', 'lists:keysort(1, [{b,1},{a,1},{b,2},{a,2}])', 'lists:sort(fun({A,_}, {B,_}) -> A =< B end, [{b,1},{a,1},{b,2},{a,2}])',
  'lists:sort(fun({A,_}, {B,_}) -> A < B end, [{b,1},{a,1},{b,2},{a,2}])', 'lists:ukeysort(1, [{b,1},{a,1},{b,2},{a,2}])',
  'lists:usort(fun({A,_}, {B,_}) -> A =< B end, [{b,1},{a,1},{b,2},{a,2}])', 'lists:sort([{1, a}, {1.0, b}, {1, c}])')
t('lists_seq_big', 'lists:seq(1 bsl 62, (1 bsl 62) + 3)', 'lists:seq(-(1 bsl 70), -(1 bsl 70) + 2)', 'lists:seq(0, 1 bsl 64, 1 bsl 62)',
  'lists:seq(10, 0, -5)', 'length(lists:seq(1, 1000, 7))')
t('lists_zip_unzip_roundtrip', 'lists:unzip(lists:zip([1,2,3], [a,b,c]))', 'lists:unzip3(lists:zip3([1], [a], ["x"]))',
  'lists:zipwith(fun(X, Y) -> {Y, X} end, "ab", "cd")', 'lists:zip([1,2], [a])', 'lists:zip3([1], [], [])')
t('lists_enumerate_more', 'lists:enumerate(10, "abc")', 'lists:enumerate(-1, [])', 'lists:enumerate(1, [a|b])', 'lists:enumerate([x|y])')
t('lists_duplicate_more', 'lists:duplicate(2, [a])', 'lists:duplicate(3, lists:duplicate(2, b))')
t('lists_max_min_more', 'lists:max("hello")', 'lists:min([{2}, {1,1}, [a]])', 'lists:max([1 bsl 70, 1.0e30])', 'lists:min([-0.0, 0])',
  'lists:max([x|y])', 'lists:min([3|x])')
t('lists_foldl_more', 'lists:foldl(fun(X, {S, P}) -> {S + X, P * X} end, {0, 1}, [1,2,3,4])', 'lists:foldl(fun(_, _) -> erlang:error(boom) end, 0, [1])',
  'lists:foldl(fun(X, A) -> throw({X, A}) end, 0, [1])', 'lists:foldr(fun(X, A) -> [X * X | A] end, [], lists:seq(1, 5))')
t('lists_mapfold_more', 'lists:mapfoldl(fun(X, N) -> {{N, X}, N + 1} end, 1, [a,b,c])', 'lists:mapfoldr(fun(X, N) -> {{N, X}, N + 1} end, 1, [a,b,c])',
  'lists:mapfoldr(fun(X, A) -> {X, A} end, 0, [1|x])')
t('lists_takedrop_more', 'lists:takewhile(fun(C) -> C =/= $\s end, "hello world")', 'lists:dropwhile(fun(C) -> C =/= $\s end, "hello world")',
  'lists:splitwith(fun(C) -> C =/= $\s end, "hello world")', 'lists:partition(fun(X) -> is_atom(X) end, [a, 1, b, 2])',
  'lists:splitwith(fun(X) -> is_integer(X) end, [1, 2, a, 3])')
t('lists_search_more', 'lists:search(fun({K, _}) -> K =:= b end, [{a,1},{b,2}])', 'lists:search(fun(X) -> is_atom(X) end, [1, 2, x])', 'lists:search(fun(X) -> is_atom(X) end, [])')
t('lists_delete_subtract_more', 'lists:delete([a], [[a], [a]])', 'lists:delete(x, [y, x, y, x])', '[1,2,3,1,2,3] -- [3,1]',
  'lists:subtract([a,b,c], [c,c,a])', 'lists:subtract([{1}], [{1.0}])')
t('erl_float_roundtrip', '[list_to_float(float_to_list(F)) =:= F || F <- [0.1, 1.0e-300, 123456.789, -2.5, 1.0e300]]',
  'float_to_list(1.0e-10)', 'float_to_list(123456789012345678.0)', 'list_to_float("-0.0")', 'list_to_float("00.100")',
  'list_to_float("1.5e-5")', 'list_to_float("1.5e05")')
t('erl_int_conv_more', 'integer_to_list(-1 bsl 70, 16)', 'list_to_integer("-ffffffffffffffffffff", 16)', 'list_to_integer("z", 35)',
  'list_to_integer("Z", 36)', 'integer_to_list(35, 36)', 'list_to_integer(" 1", 10)', 'list_to_integer("1 ", 10)', 'list_to_integer("1", 1)',
  'list_to_integer([$1 | x], 10)', 'integer_to_list(12, 2)')
t('erl_tuple_more', 'erlang:setelement(2, erlang:make_tuple(3, 0), x)', 'erlang:insert_element(2, erlang:append_element({a}, c), b)',
  'erlang:delete_element(3, {a,b,c})', 'tuple_to_list(erlang:make_tuple(4, [], [{2, x}, {4, y}]))',
  'erlang:make_tuple(2, x, [{1, a}, {1, b}, {2, c}])', 'erlang:make_tuple(2.0, x)', 'erlang:append_element(erlang:make_tuple(0, a), b)')
t('erl_raise_more', 'try erlang:raise(throw, t, []) catch throw:T -> {caught, T} end', 'try erlang:raise(exit, e, []) catch exit:E -> {caught, E} end',
  'erlang:raise(error, {x, y}, [])', 'erlang:raise(1, x, [])', 'try erlang:raise(error, r, [{m, f, 0}]) catch error:R:S -> {R, S} end',
  'erlang:raise(error, x, [{m, f, a, []}])', 'erlang:raise(error, x, [{m, f, 1, x}])', 'erlang:raise(error, x, [{1, 2, 3}])',
  'try erlang:raise(error, r, [{m, f, 0}, {m, g, 1, [{line, 3}]}, {n, h, [a]}]) catch error:R:S -> {R, S} end')
t('math_consts', 'math:pi() * 2', 'math:sin(math:pi())', 'math:cos(math:pi())', 'math:exp(math:log(2))', 'math:pow(math:sqrt(2), 2)',
  'math:log10(1.0e-300)', 'math:log2(1 bsl 60)', 'math:sqrt(1.0e-320)', 'math:atan2(1, -1)', 'math:tan(math:pi() / 4)')
t('math_args', 'math:sqrt(4)', 'math:sqrt(4.0)', 'math:sqrt(1 bsl 100)', 'math:sin("1")', 'math:cos([])', 'math:pow(2, 1 bsl 80)',
  'math:pow(1 bsl 80, 0.5)', 'math:atan2(a, 1)', 'math:fmod(a, 1)', 'math:floor(-0.0)', 'math:ceil(-0.5)', 'math:exp(709)', 'math:exp(710)')
t('ordsets_more', 'ordsets:from_list("mississippi")', 'ordsets:union(ordsets:from_list([c,a]), ordsets:from_list([b,a]))',
  'ordsets:subtract([1,2,3], [0,2,4])', 'ordsets:intersection([1,2], [])', 'ordsets:is_subset([1.0], [1])', 'ordsets:is_element(1, [1.0])',
  'ordsets:fold(fun(X, A) -> X + A end, 0, ordsets:from_list([3,1,3,2]))', 'ordsets:union([[3],[1],[2],[1]])',
  'ordsets:is_disjoint([], [])', 'ordsets:subtract([a], x)', 'ordsets:union(x, [])')
t('orddict_more', 'orddict:store(b, 2, orddict:store(a, 1, orddict:new()))', 'orddict:fetch_keys(orddict:from_list([{c,1},{a,2},{b,3}]))',
  'orddict:fold(fun(K, V, A) -> A + K * V end, 0, [{1,2},{3,4}])', 'orddict:erase(1.0, [{1,a}])', 'orddict:take(1.0, [{1,a}])',
  'orddict:merge(fun(K, A, B) -> {K, A, B} end, [{a,1}], [{a,2}])', 'orddict:append(k, v, [])', 'orddict:size([])',
  'orddict:is_empty(x)', 'orddict:to_list(x)', 'orddict:find(a, x)')
t('proplists_more', 'proplists:get_value(1, [{1.0, a}, {1, b}])', 'proplists:delete(a, [])', 'proplists:get_all_values(a, [])',
  'proplists:lookup_all(a, [{b, 1}])', 'proplists:unfold([])', 'proplists:compact([])', 'proplists:get_bool(a, [{a, false}, a])',
  'proplists:substitute_aliases([], [a])', 'proplists:append_values(a, [])', 'proplists:property({a, false})', 'proplists:property({1, true})',
  'proplists:get_value(a, [{a, 1}|x])', 'proplists:lookup(a, x)')
t('queue_roundtrip', 'queue:to_list(queue:join(queue:from_list([1,2]), queue:from_list([3,4])))', 'queue:to_list(queue:reverse(queue:from_list("abc")))',
  'queue:len(lists:foldl(fun(X, Q) -> queue:in(X, Q) end, queue:new(), lists:seq(1, 1000)))',
  'element(1, lists:foldl(fun(_, {Acc, Q}) -> {{value, V}, Q1} = queue:out(Q), {[V | Acc], Q1} end, {[], queue:from_list(lists:seq(1, 10))}, lists:seq(1, 10)))',
  'queue:to_list(queue:filter(fun(X) -> X rem 2 =:= 0 end, queue:from_list(lists:seq(1, 10))))')
t('queue_okasaki_more', 'queue:to_list(queue:snoc(queue:cons(1, queue:new()), 2))', 'queue:daeh(queue:from_list([1]))', 'queue:liat(queue:from_list([1]))',
  'queue:head(queue:snoc(queue:new(), x))', 'queue:init(queue:new())', 'queue:lait(queue:new())', 'queue:liat(queue:new())',
  'queue:daeh(queue:new())', 'queue:cons(1, x)', 'queue:snoc(x, 1)')
t('queue_split_more', '[queue:split(N, {[7,6,5], [1,2,3,4]}) || N <- lists:seq(0, 7)]', 'queue:split(1, queue:new())', 'queue:split(0, queue:new())',
  'queue:split(a, queue:new())')
t('queue_delete_more', '[queue:delete(X, {[6,5], [1,2,3,4]}) || X <- [1,2,4,5,6]]', '[queue:delete_r(X, {[6,5], [1,2,3,4]}) || X <- [1,2,4,5,6]]',
  'queue:delete_with(fun(X) -> X > 10 end, queue:new())', 'queue:delete_with(x, queue:new())', 'queue:delete_with_r(fun(_) -> true end, {[2], [1]})',
  'queue:delete_r(1, {[1], []})', 'queue:delete_r(1, {[], [1]})')
t('queue_filter_more', 'queue:filter(fun(X) -> X =/= 1 end, {[], [1,2,3]})', 'queue:filter(fun(X) -> X =/= 3 end, {[3,2], []})',
  'queue:filter(fun(X) -> [] end, {[2], [1]})', 'queue:filter(fun(X) -> [X] end, {[2], [1]})', 'queue:filter(fun(X) -> X > 1 end, {[3], [1,2]})',
  'queue:filtermap(fun(X) -> {true, X} end, queue:new())', 'queue:filtermap(fun(_) -> oops end, {[1], []})')
t('queue_peek_more', 'queue:peek({[], [1]})', 'queue:peek({[2,1], []})', 'queue:peek_r({[2,1], []})', 'queue:peek_r({[1], []})', 'queue:peek_r(x)',
  'queue:get_r({[2], [1]})', 'queue:get({[2], [1]})', 'queue:get_r(x)')
t('lists_hof_errors', *['lists:%s(%s)' % (f, a) for f, a in [
    ('all', 'x, [1]'), ('all', 'fun(_) -> true end, x'), ('any', 'x, [1]'), ('any', 'fun(_) -> true end, x'),
    ('foldl', 'x, 0, [1]'), ('foldl', 'fun(_, A) -> A end, 0, x'), ('foldr', 'x, 0, [1]'), ('foldr', 'fun(_, A) -> A end, 0, x'),
    ('foreach', 'x, [1]'), ('foreach', 'fun(_) -> true end, x'), ('filtermap', 'x, [1]'), ('filtermap', 'fun(_) -> true end, x'),
    ('dropwhile', 'x, [1]'), ('dropwhile', 'fun(_) -> true end, x'), ('takewhile', 'x, [1]'), ('takewhile', 'fun(_) -> true end, x'),
    ('search', 'x, [1]'), ('search', 'fun(_) -> true end, x'), ('partition', 'x, [1]'), ('partition', 'fun(_) -> true end, x'),
    ('splitwith', 'x, [1]'), ('splitwith', 'fun(_) -> true end, x'), ('mapfoldl', 'x, 0, [1]'), ('mapfoldl', 'fun(X, A) -> {X, A} end, 0, x'),
    ('mapfoldr', 'x, 0, [1]'), ('flatmap', 'x, [1]'), ('flatmap', 'fun(X) -> [X] end, x'), ('zipwith', 'x, [1], [2]'),
    ('zipwith3', 'x, [1], [2], [3]'), ('keymap', 'x, 1, [{a}]'), ('keymap', 'fun(X) -> X end, 0, [{a}]'), ('sort', 'x, [1,2]'),
    ('usort', 'x, [1,2]'), ('merge', 'x, [1], [2]'), ('umerge', 'x, [1], [2]'), ('filter', 'x, [1]'), ('map', 'x, [1]'),
    ('uniq', 'x, [1]'), ('uniq', 'fun(X) -> X end, x'), ('all', 'fun(_) -> true end, [1|x]'), ('any', 'fun(_) -> false end, [1|x]'),
    ('foldl', 'fun(_, A) -> A end, 0, [1|x]')]])

t('erl_phash2', '[erlang:phash2(X) || X <- [a, b, hello, \'hello world\', \'\\x{e5}\\x{e4}\\x{f6}\', [], 0, 1, -1, 42, 1 bsl 27, (1 bsl 27) - 1, -(1 bsl 27), -(1 bsl 27) - 1, 1 bsl 40, -(1 bsl 40), 1 bsl 64, -(1 bsl 100), 1 bsl 59, 1 bsl 60, -(1 bsl 59)]]',
  '[erlang:phash2(X) || X <- [1.0, 0.0, -0.0, 3.14, -2.5e300, 5.0e-324, {}, {a}, {a, b}, {1, {2, [3]}}, "abc", "abcd", "abcde", "", [a], [a, b], [1, a], [256], [300, 1, 2], [1|2], [a|b], [[]], [{x, 1.5}, "str", -7]]]',
  'erlang:phash2(hello, 7)', 'erlang:phash2([1,2], 1 bsl 32)', 'erlang:phash2(x, 1)', 'erlang:phash2(x, 0)', 'erlang:phash2(x, (1 bsl 32) + 1)',
  'erlang:phash2(x, a)', 'erlang:phash2(x, -1)', 'erlang:phash2({a, "b", [c]}, 1000)')
t('erl_phash2_prop', '[erlang:phash2(lists:seq(1, N)) || N <- lists:seq(0, 30)]', '[erlang:phash2(list_to_tuple(lists:seq(1, N))) || N <- lists:seq(0, 20)]',
  '[erlang:phash2(N * 7919 - 100000) || N <- lists:seq(0, 60)]', '[erlang:phash2({N, [N | "x"], float(N)}, 65536) || N <- lists:seq(-10, 10)]',
  'erlang:phash2(lists:duplicate(10000, {a, "bc", 1.5}))')


# Programs whose main/0 raises: the uncaught exception's class and reason.
U = {
    'nth_zero': 'lists:nth(0, [a])',
    'seq_backwards': 'lists:seq(5, 1)',
    'seq_zero_step': 'lists:seq(1, 5, 0)',
    'split_short': 'lists:split(3, [a])',
    'reverse_atom': 'lists:reverse(x)',
    'keyfind_zero': 'lists:keyfind(a, 0, [])',
    'map_not_list': 'lists:map(fun(X) -> X end, x)',
    'foldl_badfun': 'lists:foldl(x, 0, [1])',
    'last_empty': 'lists:last([])',
    'keysort_case': 'lists:keysort(1, x)',
    'filter_bad_filter': 'lists:filter(fun(_) -> 1 end, [a])',
    'sum_badarith': 'lists:sum([1, a])',
    'make_tuple_neg': 'erlang:make_tuple(-1, x)',
    'list_to_float_int': 'list_to_float("1")',
    'math_log_zero': 'math:log(0)',
    'math_sqrt_atom': 'math:sqrt(x)',
    'queue_get_empty': 'queue:get(queue:new())',
    'queue_in_bad': 'queue:in(1, x)',
    'orddict_fetch_missing': 'orddict:fetch(a, [])',
    'ordsets_intersection_empty': 'ordsets:intersection([])',
    'raise_throw': 'erlang:raise(throw, thrown, [])',
    'raise_exit': 'erlang:raise(exit, {shutdown, x}, [{m, f, 1}])',
    'existing_atom_unknown': 'list_to_existing_atom("no_such_atom_in_this_program_" ++ "x")',
}

HEADER_RAISE = """%% Generated by tests/oracle/gen_std_conformance.py; expected output from erl.
-module({name}).
-export([main/0]).

main() -> {expr}.
"""


HEADER = '''%% Generated by tests/oracle/gen_std_conformance.py; expected output from erl.
-module({name}).
-export([main/0]).

t(F) ->
    try F() of
        V -> {{ok, V}}
    catch
        C:R -> {{C, R}}
    end.

main() ->
    [
'''


def main():
    out = sys.argv[1]
    for name, exprs in T.items():
        mod = 'std_' + name
        body = ',\n'.join('        t(fun() -> %s end)' % e for e in exprs)
        text = HEADER.format(name=mod) + body + '\n    ].\n'
        with open(os.path.join(out, mod + '.erl'), 'w') as f:
            f.write(text)
    for name, expr in U.items():
        mod = 'std_raise_' + name
        with open(os.path.join(out, mod + '.erl'), 'w') as f:
            f.write(HEADER_RAISE.format(name=mod, expr=expr))
    print('%d programs' % (len(T) + len(U)))


main()
