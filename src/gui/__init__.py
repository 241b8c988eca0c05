"""The Tk table: layout arithmetic (:mod:`.geometry`), drawing primitives (:mod:`.drawing`)
and window screenshots under Xvfb (:mod:`.screenshot`). Nothing here decides a rule."""
