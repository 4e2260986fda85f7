"""The implementation of the ``ofrenda-rules`` command line (see :mod:`ofrenda_rules.cli`)."""
