a Ā b
c 😀 d
€ e
