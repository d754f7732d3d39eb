"""The data bundled with graphagree: demo pairs, each folder with its NOTICE and licence.

Installed as the package ``engine.resources`` (``setup.py`` maps this folder there), never as a
top-level package; :mod:`engine.demos` finds it through :mod:`importlib.resources`."""
