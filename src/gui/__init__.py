"""The Tk table (``capicua play``): the window (:mod:`.app`), the canvas view (:mod:`.table`),
the Tk-free model (:mod:`.model`), input state machine (:mod:`.controller`), frames as values
(:mod:`.scene`) and their words (:mod:`.texts`); side windows (:mod:`.dialogs`), the save file
(:mod:`.save`), hints (:mod:`.advice`); layout arithmetic (:mod:`.geometry`), drawing
primitives (:mod:`.drawing`) and Xvfb screenshots (:mod:`.screenshot`). Nothing here decides a
rule: the core does."""
