import random, sys
random.seed(int(sys.argv[1]))
VARS = ['X', 'Y', 'Z', 'W']
def var(): return random.choice(VARS)
def expr(d):
    r = random.random()
    if d <= 0 or r < 0.3:
        return random.choice([var(), var(), '1', 'ok', 'A'])
    k = random.randrange(12)
    if k == 0: return '(%s = %s)' % (var(), expr(d-1))
    if k == 1: return 'case %s of %s -> %s; _ -> %s end' % (expr(d-1), pat(), body(d-1), body(d-1))
    if k == 2: return 'if %s > 1 -> %s; true -> %s end' % (var(), body(d-1), body(d-1))
    if k == 3: return 'try %s of %s -> %s catch _:%s -> %s end' % (body(d-1), pat(), body(d-1), var(), body(d-1))
    if k == 4: return '(catch %s)' % expr(d-1)
    if k == 5: return '(fun(%s) -> %s end)' % (var(), body(d-1))
    if k == 6: return '[%s || %s <- %s, %s]' % (expr(d-1), pat(), expr(d-1), expr(d-1))
    if k == 7: return '{%s, %s}' % (expr(d-1), expr(d-1))
    if k == 8: return '(%s andalso %s)' % (expr(d-1), expr(d-1))
    if k == 9: return 'receive %s -> %s after %s -> %s end' % (pat(), body(d-1), var(), body(d-1))
    if k == 10: return 'begin %s end' % body(d-1)
    return 'g(%s, %s)' % (expr(d-1), expr(d-1))
def pat():
    r = random.random()
    if r < 0.5: return var()
    if r < 0.7: return '{%s, %s}' % (var(), var())
    if r < 0.8: return '_'
    return '[%s | _]' % var()
def body(d):
    return ', '.join(expr(d) for _ in range(random.randint(1, 3)))
name = 's' + sys.argv[1]
print('-module(%s).\n-export([f/1]).\ng(_, _) -> ok.\nf(A) -> %s.' % (name, body(4)))
