"""The example configs, shipped inside the package as ``capicua.configs``.

This folder is the package's data: ``capicua configs`` lists the TOML files beside this
one and copies them out, so the examples are at hand after a plain ``pip install``.
"""
