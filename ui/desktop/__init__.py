"""The app's place on the desktop: its icon (:mod:`.icon`: the window icon, drawn once as
``graphagree.svg`` and rendered to PNGs) and its desktop entry (:mod:`.entry`:
``graphagree-app --install-desktop-entry`` writes ``graphagree.desktop`` and the icons into the
user's data folder)."""
