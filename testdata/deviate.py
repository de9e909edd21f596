#!/usr/bin/env python3
"""Replaces one expected file of a testscript scenario with tokengen's
output, for the documented deviations (docs/deviations.md) where the
reference writes something its target cannot read. Run only after checking
the new output with the target tool (xmllint, tree-sitter, ...).
usage: testdata/deviate.py SCENARIO.txtar WANT_PATH NEW_FILE"""
import re, sys
script, want, new = sys.argv[1:4]
text = open(script).read()
body = open(new).read()
body = re.sub(r'(?m)^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\n', '', body)
nonl = not body.endswith('\n')
if nonl:
    body += '\n'
head = f'-- {want} --\n'
start = text.index(head) + len(head)
m = re.compile(r'(?m)^-- .* --$').search(text, start)
end = m.start() if m else len(text)
text = text[:start] + body + text[end:]
# keep the -nonl marker in step with the new file
got = want[len('want/'):]
text = re.sub(rf'(?m)^cmpout (-nonl )?{re.escape(got)} ', f'cmpout {"-nonl " if nonl else ""}{got} ', text)
open(script, 'w').write(text)
