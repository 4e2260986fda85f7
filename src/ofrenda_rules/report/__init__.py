"""Balance reports from simulation results (the ``report`` extra draws the charts).

:mod:`ofrenda_rules.report.stats` computes the statistics with the standard
library alone; :mod:`ofrenda_rules.report.html` renders them as one
self-contained HTML file, with charts drawn by matplotlib (``pip install
'ofrenda-rules[report]'``). The core library never imports this package.
"""
