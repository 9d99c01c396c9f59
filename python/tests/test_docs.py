"""test_docs.py — the Python shown in docs/python.md and in the README's
Python section runs as shown (each page's ```python blocks in order, in one
namespace; their asserts are the documented results)."""
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def blocks(path, section=None):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    if section is not None:
        start = text.index(section)
        end = text.find("\n## ", start + len(section))
        text = text[start:end if end >= 0 else len(text)]
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize("path,section", [("docs/python.md", None), ("README.md", "## Python")])
def test_page_runs(path, section, capsys):
    code = blocks(path, section)
    assert code, "no ```python block in %s" % path
    namespace = {}
    for block in code:
        exec(compile(block, path, "exec"), namespace)  # noqa: S102 — our own docs
